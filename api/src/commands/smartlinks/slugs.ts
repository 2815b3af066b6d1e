import { randomBytes } from 'node:crypto';
import {
  reservedSlugs,
  slugify,
  SLUG_OFFENSIVE_MESSAGE,
  SLUG_PATTERN,
  SLUG_TAKEN_MESSAGE,
} from '@riffline/contracts';
import { slugTaken, type DbTransaction } from '@riffline/db';
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { ConflictError, HttpError } from '../../errors.ts';

// A maintained word list with its look-alike handling (l33t, repeated letters), read once per process.
const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

export const isOffensiveSlug = (slug: string) => matcher.hasMatch(slug.replace(/-/g, ' '));

/** 400 for a slug no page may have, 409 for one another page has. */
export async function checkSlug(trx: DbTransaction, slug: string, smartLinkId: string): Promise<void> {
  if (isOffensiveSlug(slug)) {
    throw new HttpError(400, SLUG_OFFENSIVE_MESSAGE, [
      { path: 'body.slug', message: SLUG_OFFENSIVE_MESSAGE },
    ]);
  }
  if (await slugTaken(trx, slug, smartLinkId)) throw ConflictError(SLUG_TAKEN_MESSAGE);
}

const usable = (slug: string) =>
  SLUG_PATTERN.test(slug) && !reservedSlugs.has(slug) && !isOffensiveSlug(slug);

/**
 * A new release's slug: its artist and title (`nova-midnight-drive`), or with a few random letters after
 * them when that is taken, reserved or not allowed.
 */
export async function newSlug(
  trx: DbTransaction,
  release: { artist: string; title: string },
): Promise<string> {
  let base = slugify(`${release.artist} ${release.title}`);
  if (!usable(base)) base = slugify(release.artist);
  if (!usable(base)) base = 'release';
  if (!(await slugTaken(trx, base))) return base;
  for (;;) {
    const slug = `${base.slice(0, 33).replace(/-+$/, '')}-${randomBytes(4).toString('hex').slice(0, 6)}`;
    if (usable(slug) && !(await slugTaken(trx, slug))) return slug;
  }
}
