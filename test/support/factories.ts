import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { buildIsrc, buildUpc } from '../../contracts/src/index.ts';
import {
  Analytics,
  Application,
  Export,
  Release,
  Royalty,
  StoreReport,
  SupportTicket,
  Track,
  User,
} from '../../db/src/index.ts';
import { unique } from './database.ts';

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

const randomInt = (below: number) => Math.floor(Math.random() * below);
const alphanumeric = () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[randomInt(36)]!;

/** A valid UPC-A (GS1 check digit) no other test is likely to hold: releases' UPCs are unique. */
export const uniqueUpc = () => buildUpc(String(100_000 + randomInt(900_000)), 1 + randomInt(99_999));

/** A valid ISRC no other test is likely to hold (`QZ`, a random registrant, year and sequence). */
export const uniqueIsrc = () =>
  buildIsrc(`QZ${alphanumeric()}${alphanumeric()}${alphanumeric()}`, randomInt(100), 1 + randomInt(99_999));

/**
 * A release export's job row as the API inserts it (pending; no worker builds it unless one runs):
 * `requestedBy` asked for it; by default one release, `releaseIds`.
 */
export async function buildExport(
  db: Conn,
  fields: Partial<Export> & { requestedBy: string; releaseIds: string[] },
): Promise<Export> {
  const id = fields.id ?? randomUUID();
  return Export.query(db)
    .insert({
      id,
      kind: 'folder',
      scope: fields.releaseIds.length === 1 ? 'release' : 'all',
      title: 'Export',
      releaseId: fields.releaseIds.length === 1 ? fields.releaseIds[0] : null,
      totalReleases: fields.releaseIds.length,
      folderKey: `exports/${id}`,
      ...fields,
    })
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
export async function buildSupportTicket(
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

/** A royalty ledger row (pending, USD, October 2026 unless said). */
export async function buildRoyalty(
  db: Conn,
  fields: Partial<Royalty> & { userId: string },
): Promise<Royalty> {
  return Royalty.query(db)
    .insert({ amount: '10.00', currency: 'USD', period: '2026-10', status: 'pending', ...fields })
    .returning('*');
}

/** A usage row of a release, as an import writes it (the artist named; Spotify in India on 2026-10-01). */
/** A store report row (no file behind it) for rows that must name one. */
export async function buildStoreReport(db: Conn, fields: Partial<StoreReport> = {}): Promise<StoreReport> {
  const name = unique('report');
  return StoreReport.query(db)
    .insert({
      filename: `${name}.csv`,
      fileKey: `reports/${name}.csv`,
      contentHash: name,
      size: 1,
      ...fields,
    })
    .returning('*');
}

export async function buildUsage(
  db: Conn,
  fields: Partial<Analytics> & { releaseId: string; userId: string },
): Promise<Analytics> {
  const date = fields.date ?? '2026-10-01';
  return Analytics.query(db)
    .insert({
      platform: 'Spotify',
      country: 'IN',
      streams: 0,
      downloads: 0,
      reportId: fields.reportId ?? (await buildStoreReport(db, { status: 'completed' })).id,
      ...fields,
      date,
      endDate: fields.endDate ?? date,
    })
    .returning('*');
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** What the release wizard sends for a single three weeks out, its checklist confirmed (SPEC §5). */
export const validReleaseBody = (extra: Record<string, unknown> = {}) => ({
  title: 'Night Drive',
  artist: 'Maya R',
  genre: 'Electronic',
  releaseType: 'single',
  releaseDate: inDays(21),
  pricingTier: 'mid',
  explicitContentLabeled: true,
  authorizedToDistribute: true,
  noUnauthorizedArtistName: true,
  tracks: [{ title: 'Night Drive', primaryArtists: ['Maya R'] }],
  ...extra,
});
