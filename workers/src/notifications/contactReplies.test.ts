import { describe, expect, it } from 'vitest';
import { contactReplyMail } from './contactReplies.ts';

describe('the reply to a contact message', () => {
  const contact = {
    name: 'Mina <Park>',
    email: 'mina@example.com',
    subject: 'Re: RE: Vinyl?',
    message: 'Not yet.\nDigital stores only, for now.',
  };
  const mail = contactReplyMail(contact, 'https://riffline.example');

  it('answers the visitor at their address, on their subject once prefixed', () => {
    expect(mail.to).toBe('mina@example.com');
    expect(mail.subject).toBe('Re: Vinyl?');
  });

  it('carries the reply line by line in text, escaped in HTML', () => {
    expect(mail.text).toContain('Hi Mina <Park>,');
    expect(mail.text).toContain('Not yet.\nDigital stores only, for now.');
    expect(mail.text).toContain('https://riffline.example/support');
    expect(mail.html).toContain('Mina &lt;Park&gt;');
    expect(mail.html).not.toContain('<Park>');
  });
});
