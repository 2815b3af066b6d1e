import type { Currency } from '@riffline/contracts';
import { appendEvent, User, type Db } from '@riffline/db';

/** A user picks the currency amounts are shown in; `user.currencyChanged` only when it changes. */
export async function changeCurrency(db: Db, user: User, currency: Currency): Promise<User> {
  return db.transaction(async (trx) => {
    const updated = await User.query(trx).patchAndFetchById(user.id, { preferredCurrency: currency });
    if (user.preferredCurrency !== currency) {
      await appendEvent(trx, {
        type: 'user.currencyChanged',
        aggregateId: user.id,
        actorId: user.id,
        payload: { from: user.preferredCurrency, to: currency },
      });
    }
    return updated;
  });
}
