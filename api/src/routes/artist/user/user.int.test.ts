import { describe, expect, it } from 'vitest';
import { User, type Db } from '@riffline/db';
import { actor, visitor } from '../../../../../test/support/actors.ts';
import { useTestApp, type TestServer } from '../../../../../test/support/api.ts';

let db: Db;
let app: TestServer;
useTestApp((t) => ({ db, app } = t));

describe('GET /api/user/coins', () => {
  it('401 signed out, 403 awaiting approval, 200 with the balance for an approved artist', async () => {
    expect((await visitor(app).get('/api/user/coins')).status).toBe(401);
    const pending = await actor(app, db, 'artist');
    const refused = await pending.get('/api/user/coins');
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual({ message: 'Your account is awaiting approval' });
    const artist = await actor(app, db, 'approved');
    expect((await artist.get('/api/user/coins')).json()).toEqual({ coins: '0.00' });
    await User.query(db).patch({ coins: '125.50' }).where({ id: artist.user.id });
    expect((await artist.get('/api/user/coins')).json()).toEqual({ coins: '125.50' });
  });
});
