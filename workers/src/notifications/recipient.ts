/** Who an email goes to: the user's address now (not the one in an older event) and how to greet them. */
export interface Recipient {
  userId: string;
  email: string;
  firstName: string | null;
}

export const greet = (recipient: Recipient, fallback = 'there') => `Hi ${recipient.firstName ?? fallback},`;
