import { describe, expect } from 'vitest';
import { startSmtp } from '../../../infra/smtp/smtp.ts';
import { apiTest, startTestServer } from '#test/support/api.ts';
import { Browser, formOf } from '#test/support/browser.ts';
import { bodyOf, linkIn } from '#test/support/mail.ts';
import { newPerson, openSignIn, signIn, signUp } from '#test/support/signIn.ts';

describe('identity mail over SMTP (SMTP_URL)', () => {
  apiTest('a reset link received over SMTP sets a new password', async ({ db }) => {
    const smtp = await startSmtp();
    const app = await startTestServer({
      db,
      keepDb: true,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Riffline <accounts@riffline.test>' },
    });
    try {
      const person = newPerson();
      await signUp(new Browser(), app.url, person);
      const verification = await smtp.waitFor((m) => m.to.includes(person.email));
      expect(verification.from).toBe('accounts@riffline.test');
      expect(verification.raw).toContain('Subject: Verify your email address');

      const browser = new Browser();
      const signInPage = await openSignIn(browser, app.url);
      const forgotHref = signInPage.body.match(/href="([^"]+)">Forgot your password\?/)![1]!;
      const forgot = await browser.get(new URL(forgotHref.replace(/&amp;/g, '&'), app.url).href);
      const answer = await browser.submit(forgot, formOf(forgot), { email: person.email.toUpperCase() });
      expect(answer.body).toContain(
        'If an account exists for that address, we sent a link to reset its password.',
      );

      const mail = await smtp.waitFor(
        (m) => m.to.includes(person.email) && m.raw.includes('Subject: Reset your Riffline password'),
      );
      const link = linkIn(bodyOf(mail), '/oidc/reset-password');
      expect(link.startsWith(`${app.url}/oidc/reset-password?token=`)).toBe(true);
      const page = await browser.get(link);
      const done = await browser.submit(page, formOf(page), { password: 'delivered by smtp' });
      expect(done.status).toBe(200);
      expect(done.body).toContain('Password changed');

      const back = new Browser();
      await signIn(back, app.url, person.email, 'delivered by smtp');
      expect((await back.get(`${app.url}/api/auth/user`)).json()).toMatchObject({
        email: person.email,
        emailVerified: true,
      });
    } finally {
      await app.close();
      await smtp.stop();
    }
  });
});
