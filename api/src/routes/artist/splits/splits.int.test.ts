import { describe, expect } from 'vitest';
import type { SplitsResponse, SplitVersionResponse } from '@riffline/contracts';
import { Event, Payee, Royalty, Split, type Db } from '@riffline/db';
import type { Actor } from '#test/support/actors.ts';
import { apiTest } from '#test/support/api.ts';
import { buildRelease } from '#test/support/factories.ts';

const valid = {
  effectiveFrom: '2030-01',
  shares: [
    { owner: true, percent: 50 },
    { email: 'Bea@Example.test', percent: '30.5', name: 'Bea' },
    { email: 'cal@example.test', percent: '19.50' },
  ],
};

describe('POST /api/releases/:id/splits', () => {
  apiTest('401 signed out, 403 awaiting approval', async ({ db, visitor, artist, approvedArtist }) => {
    const release = await buildRelease(db, { userId: approvedArtist.user.id });
    const path = `/api/releases/${release.id}/splits`;
    expect((await visitor.send('POST', path, valid)).status).toBe(401);
    expect((await visitor.get(path)).status).toBe(401);
    expect((await artist.send('POST', path, valid)).status).toBe(403);
    expect((await artist.get(path)).status).toBe(403);
    // Who is paid what is money out: without a recent sign-in with an authenticator app, refused.
    const unconfirmed = await approvedArtist.send('POST', path, valid);
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.json()).toMatchObject({ reason: 'second_factor_not_enrolled' });
    expect(await Split.query(db).where({ releaseId: release.id })).toEqual([]);
  });

  apiTest(
    '400 with the exact message: not 100, more than 2 decimals, an email twice, your own share twice, too many',
    async ({ db, steppedUpArtist }) => {
      const release = await buildRelease(db, { userId: steppedUpArtist.user.id });
      const path = `/api/releases/${release.id}/splits`;
      const refused = async (body: unknown) => {
        const res = await steppedUpArtist.send('POST', path, body);
        expect(res.status).toBe(400);
        return res.json<{ message: string; issues: Array<{ path: string; message: string }> }>();
      };
      expect(
        await refused({
          ...valid,
          shares: [
            { owner: true, percent: '50' },
            { email: 'b@x.test', percent: 49.5 },
          ],
        }),
      ).toEqual({
        message: 'The shares must add up to 100%: they add up to 99.50%.',
        issues: [{ path: 'body.shares', message: 'The shares must add up to 100%: they add up to 99.50%.' }],
      });
      expect(
        (
          await refused({
            ...valid,
            shares: [
              { owner: true, percent: '33.333' },
              { email: 'b@x.test', percent: 66.667 },
            ],
          })
        ).issues,
      ).toEqual([
        {
          path: 'body.shares.0.percent',
          message: 'A percentage must be a number above 0 and at most 100, with at most 2 decimals',
        },
        {
          path: 'body.shares.1.percent',
          message: 'A percentage must be a number above 0 and at most 100, with at most 2 decimals',
        },
      ]);
      expect(
        (
          await refused({
            ...valid,
            shares: [
              { owner: true, percent: 40 },
              { email: 'b@x.test', percent: 30 },
              { email: 'B@X.test', percent: 30 },
            ],
          })
        ).issues,
      ).toEqual([
        {
          path: 'body.shares.2.email',
          message: 'b@x.test is named twice: give each collaborator one share.',
        },
      ]);
      expect(
        (
          await refused({
            ...valid,
            shares: [
              { owner: true, percent: 0 },
              { email: 'b@x.test', percent: 100 },
            ],
          })
        ).message,
      ).toBe('A percentage must be a number above 0 and at most 100, with at most 2 decimals');
      expect((await refused({ ...valid, effectiveFrom: '2030-13' })).message).toBe(
        'effectiveFrom must be a sale month, YYYY-MM',
      );
      expect(
        (
          await refused({
            ...valid,
            shares: Array.from({ length: 11 }, (_, i) => ({ email: `p${i}@x.test`, percent: i ? 9 : 10 })),
          })
        ).message,
      ).toBe('A split has at most 10 payees');
      // Their own email is their own share too.
      const own = steppedUpArtist.user.email!;
      expect(
        await refused({
          ...valid,
          shares: [
            { owner: true, percent: 50 },
            { email: own, percent: 50 },
          ],
        }),
      ).toEqual({
        message: 'Your own share is named twice: give it once.',
        issues: [{ path: 'body.shares', message: 'Your own share is named twice: give it once.' }],
      });
      expect(await Split.query(db).where({ releaseId: release.id })).toEqual([]);
    },
  );

  apiTest(
    "404 for another artist's release and for an unknown one",
    async ({ db, steppedUpArtist, newActor }) => {
      const other = await newActor('approved');
      const release = await buildRelease(db, { userId: other.user.id });
      for (const id of [release.id, '00000000-0000-4000-8000-000000000000']) {
        const res = await steppedUpArtist.send('POST', `/api/releases/${id}/splits`, valid);
        expect(res.status).toBe(404);
        expect(res.json()).toEqual({ message: 'Release not found' });
        expect((await steppedUpArtist.get(`/api/releases/${id}/splits`)).status).toBe(404);
      }
    },
  );

  apiTest(
    '201: the version with its payees (new emails invited, the owner once), its event; 409 for a month already credited or taken',
    async ({ db, steppedUpArtist }) => {
      const owner = steppedUpArtist.user;
      const release = await buildRelease(db, { userId: owner.id });
      const path = `/api/releases/${release.id}/splits`;
      const res = await steppedUpArtist.send('POST', path, valid);
      expect(res.status, res.body).toBe(201);
      const version = res.json<SplitVersionResponse>();
      expect(version).toMatchObject({ effectiveFrom: '2030-01' });
      expect(
        version.shares.map(({ email, name, status, percent, earned, held }) => ({
          email,
          name,
          status,
          percent,
          earned,
          held,
        })),
      ).toEqual([
        {
          email: owner.email!.toLowerCase(),
          name: null,
          status: 'owner',
          percent: '50.00',
          earned: '0.00',
          held: '0.00',
        },
        {
          email: 'bea@example.test',
          name: 'Bea',
          status: 'invited',
          percent: '30.50',
          earned: '0.00',
          held: '0.00',
        },
        {
          email: 'cal@example.test',
          name: null,
          status: 'invited',
          percent: '19.50',
          earned: '0.00',
          held: '0.00',
        },
      ]);
      const [event] = await Event.query(db).where({ type: 'split.created', aggregateId: version.id });
      expect(event).toMatchObject({ aggregateType: 'split', actorId: owner.id });
      expect(event!.payload).toMatchObject({ releaseId: release.id, effectiveFrom: '2030-01' });
      expect((event!.payload as { invited: string[] }).invited).toHaveLength(2);
      // The first version follows none: the audit's "before" is null.
      expect((event!.payload as { previous: unknown }).previous).toBeNull();

      // A second version reuses the payees: the owner's row and Bea's.
      const next = await steppedUpArtist.send('POST', path, {
        effectiveFrom: '2030-06',
        shares: [
          { email: owner.email, percent: 70 },
          { email: 'bea@example.test', percent: 30 },
        ],
      });
      expect(next.status, next.body).toBe(201);
      expect(await Payee.query(db).where({ ownerId: owner.id }).resultSize()).toBe(3);
      // The audit's before and after: the new version's event names the one it follows, with its shares.
      const [changed] = await Event.query(db).where({
        type: 'split.created',
        aggregateId: next.json<SplitVersionResponse>().id,
      });
      expect(changed!.payload).toMatchObject({
        effectiveFrom: '2030-06',
        previous: {
          splitId: version.id,
          effectiveFrom: '2030-01',
          shares: version.shares
            .map((s) => ({ payeeId: s.payeeId, percent: s.percent }))
            .sort((a, b) => (a.payeeId < b.payeeId ? -1 : 1)),
        },
      });
      const listed = (await steppedUpArtist.get(path)).json<SplitsResponse>();
      expect(listed.versions.map((v) => v.effectiveFrom)).toEqual(['2030-06', '2030-01']);
      expect(listed.payees.map((p) => p.status)).toEqual(['owner', 'invited', 'invited']);

      const taken = await steppedUpArtist.send('POST', path, valid);
      expect(taken.status).toBe(409);
      expect(taken.json()).toEqual({
        message:
          'This release already has a split from 2030-01: a version applies from a sale month no other starts at.',
      });

      await Royalty.query(db).insert({
        userId: owner.id,
        releaseId: release.id,
        amount: '1.00',
        period: '2030-07',
      });
      for (const effectiveFrom of ['2030-07', '2030-02']) {
        const late = await steppedUpArtist.send('POST', path, { ...valid, effectiveFrom });
        expect(late.status).toBe(409);
        expect(late.json()).toEqual({
          message:
            'Royalties up to 2030-07 are already credited under the current split; a new split can start from 2030-08.',
        });
      }
      const december = await steppedUpArtist.send('POST', path, { ...valid, effectiveFrom: '2030-12' });
      await Royalty.query(db).insert({
        userId: owner.id,
        releaseId: release.id,
        amount: '1.00',
        period: '2030-12',
      });
      expect(december.status).toBe(201);
      expect((await steppedUpArtist.send('POST', path, { ...valid, effectiveFrom: '2031-01' })).status).toBe(
        201,
      );
      expect(
        (await steppedUpArtist.send('POST', path, { ...valid, effectiveFrom: '2030-12' })).json(),
      ).toEqual({
        message:
          'Royalties up to 2030-12 are already credited under the current split; a new split can start from 2031-01.',
      });
    },
  );
});

describe('an invited payee: POST …/payees/:payeeId/invite (send again), DELETE …/payees/:payeeId (withdraw)', () => {
  /** The stepped-up owner's release split 60 / 40 with a new address, and 10 USD held for it. */
  async function invitedOf(db: Db, actor: Actor) {
    const release = await buildRelease(db, { userId: actor.user.id });
    const res = await actor.send('POST', `/api/releases/${release.id}/splits`, {
      effectiveFrom: '2030-01',
      shares: [
        { owner: true, percent: 60 },
        { email: 'dee@example.test', percent: 40 },
      ],
    });
    expect(res.status).toBe(201);
    const version = res.json<SplitVersionResponse>();
    const payeeId = version.shares.find((s) => s.status === 'invited')!.payeeId;
    await Royalty.query(db).insert({
      userId: null,
      payeeId,
      splitId: version.id,
      releaseId: release.id,
      amount: '10.00000000',
      period: '2030-01',
    });
    return { release, payeeId, path: `/api/releases/${release.id}/splits/payees/${payeeId}` };
  }

  apiTest(
    '401 signed out, 403 awaiting approval or without the step-up',
    async ({ db, visitor, artist, approvedArtist, steppedUpArtist }) => {
      const { path } = await invitedOf(db, steppedUpArtist);
      expect((await visitor.send('POST', `${path}/invite`)).status).toBe(401);
      expect((await visitor.send('DELETE', path)).status).toBe(401);
      expect((await artist.send('POST', `${path}/invite`)).status).toBe(403);
      expect((await artist.send('DELETE', path)).status).toBe(403);
      const mine = await invitedOf(db, steppedUpArtist);
      // Another approved artist without the step-up: refused before anything is looked up.
      const unconfirmed = await approvedArtist.send('DELETE', mine.path);
      expect(unconfirmed.status).toBe(403);
      expect(unconfirmed.json()).toMatchObject({ reason: 'second_factor_not_enrolled' });
    },
  );

  apiTest(
    '400 for ids that are not ids, 404 for another owner’s release or payee',
    async ({ db, steppedUpArtist, newActor }) => {
      const { release } = await invitedOf(db, steppedUpArtist);
      const bad = await steppedUpArtist.send('DELETE', `/api/releases/${release.id}/splits/payees/nope`);
      expect(bad.status).toBe(400);
      expect(bad.json()).toEqual({
        message: 'Invalid id',
        issues: [{ path: 'params.payeeId', message: 'Invalid id' }],
      });
      const other = await newActor('approved', {}, { secondFactor: true });
      const theirs = await invitedOf(db, other);
      for (const path of [theirs.path, `/api/releases/${release.id}/splits/payees/${theirs.payeeId}`]) {
        expect((await steppedUpArtist.send('DELETE', path)).status).toBe(404);
        expect((await steppedUpArtist.send('POST', `${path}/invite`)).status).toBe(404);
      }
      expect((await Payee.query(db).findById(theirs.payeeId))!.status).toBe('invited');
    },
  );

  apiTest(
    'send again: 202 and an event for the worker; withdraw: held back to the owner, later parts too; 409 after',
    async ({ db, steppedUpArtist }) => {
      const owner = steppedUpArtist.user;
      const { release, payeeId, path } = await invitedOf(db, steppedUpArtist);
      const resent = await steppedUpArtist.send('POST', `${path}/invite`);
      expect(resent.status, resent.body).toBe(202);
      const [sent] = await Event.query(db).where({ type: 'payee.inviteSent', aggregateId: payeeId });
      expect(sent!.payload).toEqual({ ownerId: owner.id, releaseId: release.id });

      const withdrawn = await steppedUpArtist.send('DELETE', path);
      expect(withdrawn.status, withdrawn.body).toBe(200);
      const split = withdrawn.json<SplitsResponse>();
      expect(split.payees.find((p) => p.payeeId === payeeId)).toMatchObject({
        status: 'withdrawn',
        earned: '10.00',
        held: '0.00',
      });
      // The held row is the owner's now, and still names the payee it was cut for.
      expect(await Royalty.query(db).where({ payeeId }).select('userId')).toEqual([{ userId: owner.id }]);
      const [event] = await Event.query(db).where({ type: 'payee.withdrawn', aggregateId: payeeId });
      expect(event!.payload).toEqual({ ownerId: owner.id, releaseId: release.id, returned: '10.00000000' });

      for (const call of [
        steppedUpArtist.send('DELETE', path),
        steppedUpArtist.send('POST', `${path}/invite`),
      ]) {
        const res = await call;
        expect(res.status).toBe(409);
        expect(res.json()).toEqual({
          message: 'Only an invite that is not accepted yet can be sent again or withdrawn.',
        });
      }
    },
  );
});
