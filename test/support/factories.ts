import type { Knex } from 'knex';
import { Application, Release, SupportTicket, Track, User } from '../../db/src/index.ts';
import { unique } from './db.ts';

type Conn = Knex | Knex.Transaction;

export async function buildUser(db: Conn, fields: Partial<User> = {}): Promise<User> {
  const id = fields.id ?? unique('user');
  return User.query(db)
    .insert({ id, email: `${id}@example.test`, firstName: 'Test', lastName: 'Artist', ...fields })
    .returning('*');
}

export const buildArtist = (db: Conn, fields: Partial<User> = {}) =>
  buildUser(db, { role: 'artist', ...fields });
export const buildAdmin = (db: Conn, fields: Partial<User> = {}) =>
  buildUser(db, { role: 'admin', isApproved: true, ...fields });

export async function buildRelease(
  db: Conn,
  fields: Partial<Release> & { userId: string },
): Promise<Release> {
  return Release.query(db)
    .insert({ title: 'Night Drive', artist: 'Test Artist', genre: 'electronic', ...fields })
    .returning('*');
}

export async function buildTrack(db: Conn, fields: Partial<Track> & { releaseId: string }): Promise<Track> {
  return Track.query(db)
    .insert({ title: 'Track', trackNumber: 1, ...fields })
    .returning('*');
}

/** A pending application with plausible answers; `userId` is the applicant (e.g. `buildArtist`). */
export async function buildApplication(
  db: Conn,
  fields: Partial<Application> & { userId: string },
): Promise<Application> {
  return Application.query(db)
    .insert({
      legalName: 'Legal Person',
      artistName: `Artist ${unique()}`,
      age: 22,
      genre: 'pop',
      artistStory: 'A story',
      instagram: 'https://instagram.com/a',
      youtube: 'https://youtube.com/@a',
      ...fields,
    })
    .returning('*');
}

/** A support ticket; set `createdAt` when a test needs an order. */
export async function buildTicket(
  db: Conn,
  fields: Partial<SupportTicket> & { userId: string },
): Promise<SupportTicket> {
  return SupportTicket.query(db)
    .insert({ subject: 'Help', message: 'Where is my release?', ...fields })
    .returning('*');
}

/** What the Apply form sends for a real-looking artist (SPEC §5). */
export const validApplication = () => ({
  legalName: 'Maya Rivers',
  phone: '+91 98765 43210',
  artistName: 'Maya R',
  age: '19',
  genre: 'r&b' as const,
  demoLinks: 'https://soundcloud.com/maya/demo',
  artistStory: 'Singer-songwriter from Pune, two EPs out on my own.',
  instagram: 'https://instagram.com/mayar',
  youtube: 'https://youtube.com/@mayar',
  spotify: '',
});
