import { describe, expect } from 'vitest';
import { dbTest, unique } from '#test/support/db.ts';
import {
  buildArtist,
  buildRelease,
  buildStoreReport,
  buildTrack,
  buildUser,
} from '#test/support/factories.ts';
import {
  Analytics,
  Application,
  ContactMessage,
  NewsletterSubscription,
  PaymentMethod,
  PaymentTransaction,
  PlatformSetting,
  Release,
  Royalty,
  Session,
  SupportTicket,
  Track,
  User,
  WithdrawalRequest,
} from './index.ts';

/** Postgres reports the violated constraint by name; PGlite puts it in the message. */
async function violation(promise: PromiseLike<unknown>): Promise<string> {
  const error = (await Promise.resolve(promise).then(
    () => null,
    (e: unknown) => e,
  )) as { constraint?: string; message: string } | null;
  if (!error) throw new Error('expected the database to refuse the row');
  return `${error.constraint ?? ''} ${error.message}`;
}

describe('models', () => {
  dbTest('User inserts with the spec defaults and reads back', async ({ db }) => {
    const user = await buildUser(db);
    const read = await User.query(db).findById(user.id);
    expect(read).toMatchObject({
      id: user.id,
      role: 'artist',
      isApproved: false,
      preferredCurrency: 'USD',
      coins: '0.00',
    });
    expect(read?.createdAt).toBeInstanceOf(Date);
  });

  dbTest('Session stores its JSON and expiry', async ({ db }) => {
    const sid = unique('sid');
    const expire = new Date(Date.now() + 60_000);
    await Session.query(db).insert({ sid, sess: { userId: 'u', cookie: { maxAge: 1 } }, expire });
    const read = await Session.query(db).findById(sid);
    expect(read?.sess).toEqual({ userId: 'u', cookie: { maxAge: 1 } });
    expect(read?.expire.getTime()).toBe(expire.getTime());
  });

  dbTest('Application inserts pending and relates to its user', async ({ db }) => {
    const user = await buildArtist(db);
    const app = await Application.query(db)
      .insert({
        userId: user.id,
        legalName: 'Jane Doe',
        artistName: 'JD',
        age: 21,
        genre: 'r&b',
        artistStory: 'Story',
        instagram: 'https://instagram.com/jd',
        youtube: 'https://youtube.com/@jd',
      })
      .returning('*');
    const read = await Application.query(db).findById(app.id).withGraphFetched('user');
    expect(read).toMatchObject({ status: 'pending', age: 21, reviewedBy: null });
    expect((read as Application & { user: User }).user.id).toBe(user.id);
  });

  dbTest(
    'Release keeps arrays and defaults; Track relates and is deleted with its release',
    async ({ db }) => {
      const user = await buildArtist(db);
      const release = await buildRelease(db, {
        userId: user.id,
        releaseArtists: ['A', 'B'],
        restrictedCountries: ['IN', 'US'],
        selectedStores: ['Spotify'],
        releaseDate: '2027-01-15',
      });
      await buildTrack(db, { releaseId: release.id, title: 'One', primaryArtists: ['A'] });
      await buildTrack(db, { releaseId: release.id, title: 'Two', trackNumber: 2 });
      const read = await Release.query(db)
        .findById(release.id)
        .withGraphFetched('tracks(byNumber)')
        .modifiers({ byNumber: (q) => q.orderBy('trackNumber') });
      expect(read).toMatchObject({
        status: 'draft',
        releaseType: 'single',
        pricingTier: 'mid',
        storeDistribution: 'all',
        recordLabel: 'Riffline Records',
        copyrightYear: 2025,
        productionYear: 2025,
        autoDistributeToNewStores: true,
        releaseArtists: ['A', 'B'],
        restrictedCountries: ['IN', 'US'],
        selectedStores: ['Spotify'],
      });
      expect(read?.tracks?.map((t) => [t.trackNumber, t.title, t.isExplicit, t.trackType])).toEqual([
        [1, 'One', false, 'vocal'],
        [2, 'Two', false, 'vocal'],
      ]);
      await Release.query(db).deleteById(release.id);
      expect(await Track.query(db).where({ releaseId: release.id })).toEqual([]);
    },
  );

  dbTest('Analytics, Royalty, SupportTicket and PaymentMethod insert and read back', async ({ db }) => {
    const user = await buildArtist(db);
    const release = await buildRelease(db, { userId: user.id });
    const analytics = await Analytics.query(db)
      .insert({
        reportId: (await buildStoreReport(db)).id,
        releaseId: release.id,
        platform: 'Spotify',
        date: '2026-11-01',
        endDate: '2026-11-30',
        streams: 1200,
      })
      .returning('*');
    expect(await Analytics.query(db).findById(analytics.id)).toMatchObject({ streams: 1200, downloads: 0 });

    const royalty = await Royalty.query(db)
      .insert({ userId: user.id, releaseId: release.id, amount: '12.34', period: '2026-10' })
      .returning('*');
    expect(await Royalty.query(db).findById(royalty.id)).toMatchObject({
      amount: '12.34',
      currency: 'USD',
      status: 'pending',
    });

    const ticket = await SupportTicket.query(db)
      .insert({ userId: user.id, subject: 'Help', message: 'Where is my release?' })
      .returning('*');
    expect(await SupportTicket.query(db).findById(ticket.id)).toMatchObject({
      status: 'open',
      priority: 'medium',
    });

    const method = await PaymentMethod.query(db)
      .insert({ userId: user.id, type: 'upi', upiId: 'jane@upi' })
      .returning('*');
    expect(await PaymentMethod.query(db).findById(method.id)).toMatchObject({
      type: 'upi',
      isDefault: false,
    });
  });

  dbTest('WithdrawalRequest and PaymentTransaction keep money exact', async ({ db }) => {
    const user = await buildArtist(db);
    const method = await PaymentMethod.query(db)
      .insert({ userId: user.id, type: 'paypal', paypalEmail: 'jane@example.test' })
      .returning('*');
    const withdrawal = await WithdrawalRequest.query(db)
      .insert({ userId: user.id, paymentMethodId: method.id, amount: '20.10' })
      .returning('*');
    const read = await WithdrawalRequest.query(db).findById(withdrawal.id).withGraphFetched('paymentMethod');
    expect(read).toMatchObject({ amount: '20.10', status: 'pending' });
    expect((read as WithdrawalRequest & { paymentMethod: PaymentMethod }).paymentMethod).toMatchObject({
      id: method.id,
      type: 'paypal',
      paypalEmail: 'jane@example.test',
    });

    const orderId = unique('order');
    await PaymentTransaction.query(db).insert({ userId: user.id, orderId, amount: '0.10' });
    await PaymentTransaction.query(db).insert({ userId: user.id, orderId: unique('order'), amount: '0.20' });
    const sum = await db('payment_transactions').where({ userId: user.id }).sum({ total: 'amount' }).first();
    expect(String(sum?.total)).toBe('0.30');
    expect(await PaymentTransaction.query(db).findOne({ orderId })).toMatchObject({
      type: 'recharge',
      status: 'pending',
      customerMobile: null,
    });
  });

  dbTest(
    'NewsletterSubscription, ContactMessage and PlatformSetting insert and read back',
    async ({ db }) => {
      const email = `${unique('n')}@example.test`;
      await NewsletterSubscription.query(db).insert({ email });
      expect(await NewsletterSubscription.query(db).findOne({ email })).toMatchObject({ isActive: true });

      const contact = await ContactMessage.query(db)
        .insert({ name: 'Jo', email: 'jo@example.test', subject: 'Hi', message: 'Hello there!' })
        .returning('*');
      expect(await ContactMessage.query(db).findById(contact.id)).toMatchObject({ status: 'new' });

      const key = unique('setting');
      await PlatformSetting.query(db).insert({ settingKey: key, settingValue: '3.5' });
      expect(await PlatformSetting.query(db).findOne({ settingKey: key })).toMatchObject({
        settingValue: '3.5',
      });
    },
  );
});

describe('constraints', () => {
  dbTest('a CHECK rejects a bad status', async ({ db }) => {
    const user = await buildArtist(db);
    expect(await violation(buildRelease(db, { userId: user.id, status: 'published' as never }))).toContain(
      'releases_status_check',
    );
    expect(
      await violation(
        SupportTicket.query(db).insert({
          userId: user.id,
          subject: 's',
          message: 'm',
          status: 'done' as never,
        }),
      ),
    ).toContain('support_tickets_status_check');
  });

  dbTest('rejects bad enumerations, negative coins and more than three release artists', async ({ db }) => {
    const user = await buildArtist(db);
    expect(await violation(buildUser(db, { role: 'owner' as never }))).toContain('users_role_check');
    expect(await violation(buildUser(db, { preferredCurrency: 'XYZ' as never }))).toContain(
      'users_preferred_currency_check',
    );
    expect(await violation(User.query(db).patch({ coins: '-1.00' }).where({ id: user.id }))).toContain(
      'users_coins_check',
    );
    expect(
      await violation(buildRelease(db, { userId: user.id, releaseArtists: ['a', 'b', 'c', 'd'] })),
    ).toContain('releases_release_artists_check');
    expect(await violation(buildRelease(db, { userId: user.id, pricingTier: 'free' as never }))).toContain(
      'releases_pricing_tier_check',
    );
    expect(
      await violation(
        PaymentMethod.query(db).insert({ userId: user.id, type: 'bank_transfer', accountNumber: '1' }),
      ),
    ).toContain('payment_methods_fields_check');
  });

  dbTest('track numbers are unique per release', async ({ db }) => {
    const user = await buildArtist(db);
    const release = await buildRelease(db, { userId: user.id });
    await buildTrack(db, { releaseId: release.id, trackNumber: 1 });
    expect(await violation(buildTrack(db, { releaseId: release.id, trackNumber: 1 }))).toContain(
      'tracks_release_track_number_unique',
    );
    const other = await buildRelease(db, { userId: user.id });
    await expect(buildTrack(db, { releaseId: other.id, trackNumber: 1 })).resolves.toBeDefined();
  });

  dbTest('allows one pending application per user', async ({ db }) => {
    const user = await buildArtist(db);
    const fields = {
      userId: user.id,
      legalName: 'L',
      artistName: 'A',
      age: 30,
      genre: 'pop' as const,
      artistStory: 'S',
      instagram: 'https://i',
      youtube: 'https://y',
    };
    await Application.query(db).insert(fields);
    expect(await violation(Application.query(db).insert(fields))).toContain(
      'applications_one_pending_per_user',
    );
    expect(
      await violation(Application.query(db).insert({ ...fields, age: 12, status: 'rejected' })),
    ).toContain('applications_age_check');
  });
});
