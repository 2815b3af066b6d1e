import { appendEvent, NewsletterSubscription, type Db } from '@riffline/db';

export interface NewsletterSubscribed {
  subscription: NewsletterSubscription;
  /** False when the address was already there (an inactive one is reactivated). */
  created: boolean;
}

/**
 * Subscribes an address: a new one is added, an unsubscribed one reactivated, an active one left as it
 * is. `newsletter.subscribed` is appended whenever the address becomes active.
 */
export async function subscribeToNewsletter(db: Db, email: string): Promise<NewsletterSubscribed> {
  return db.transaction(async (trx) => {
    const existing = await NewsletterSubscription.query(trx).findOne({ email }).forUpdate();
    if (existing) {
      if (existing.isActive) return { subscription: existing, created: false };
      const subscription = await NewsletterSubscription.query(trx).patchAndFetchById(existing.id, {
        isActive: true,
      });
      await appendEvent(trx, {
        type: 'newsletter.subscribed',
        aggregateId: subscription.id,
        payload: { email, reactivated: true },
      });
      return { subscription, created: false };
    }
    // Two first subscriptions racing: the unique email lets one insert, the other merges into it.
    const subscription = await NewsletterSubscription.query(trx)
      .insert({ email })
      .onConflict('email')
      .merge({ isActive: true })
      .returning('*');
    await appendEvent(trx, {
      type: 'newsletter.subscribed',
      aggregateId: subscription.id,
      payload: { email, reactivated: false },
    });
    return { subscription, created: true };
  });
}
