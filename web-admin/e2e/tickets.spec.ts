import { expect, test } from '@playwright/test';
import { expectToast, snap, unique } from '../../test/e2e/support.ts';
import { DEMO_ARTIST, apiSession, entry, signInToConsole } from '../../test/e2e/seed.ts';

interface Message {
  fromTeam: boolean;
  body: string;
}

/** Tickets as conversations, the team's side: the console shows the thread and answers it. */
test('an admin answers a ticket in its conversation; the artist reads it and answers back', async ({
  browser,
  page,
}, testInfo) => {
  const { context, api: artist } = await apiSession(browser, testInfo, DEMO_ARTIST);
  const subject = unique('Split payments');
  const ticket = await artist.send<{ id: string }>('post', '/api/support-tickets', {
    subject,
    message: 'Can royalties be split with my producer?',
  });

  await signInToConsole(page, '/admin/tickets');
  await entry(page, subject).getByText(subject).click();
  const thread = page.getByRole('region', { name: 'Conversation' });
  await expect(thread.getByRole('listitem')).toHaveCount(1);
  await expect(thread).toContainText('Can royalties be split with my producer?');
  await thread.getByRole('button', { name: 'Send Reply' }).click();
  await expect(thread.getByText('Write the reply first')).toBeVisible();
  await thread.getByLabel('Reply as Riffline Support').fill('Not yet: it is on our roadmap for spring.');
  await thread.getByRole('button', { name: 'Send Reply' }).click();
  await expectToast(page, 'Reply Sent', 'The artist is emailed your answer.');
  await expect(thread.getByRole('listitem')).toHaveCount(2);
  await expect(thread.getByRole('listitem').nth(1)).toContainText('Riffline Support');
  await snap(page, testInfo, 'admin-ticket-thread');

  // The artist reads the answer (the ticket is now in progress) and writes back.
  const messages = await artist.get<Message[]>(`/api/support-tickets/${ticket.id}/messages`);
  expect(messages.map((m) => [m.fromTeam, m.body])).toEqual([
    [false, 'Can royalties be split with my producer?'],
    [true, 'Not yet: it is on our roadmap for spring.'],
  ]);
  await artist.send('post', `/api/support-tickets/${ticket.id}/messages`, {
    message: 'Thanks, I will wait.',
  });
  await context.close();
  await page.reload();
  await expect(thread.getByRole('listitem')).toHaveCount(3);
  await expect(thread.getByRole('listitem').nth(2)).toContainText('Thanks, I will wait.');
  await expect(page.getByLabel('Status')).toContainText('In progress');
});
