import { describe, expect, it } from 'vitest';
import { ApplicationBody } from './applications.ts';
import { withHttps } from './common.ts';

const body = (links: Record<string, unknown>) => ({
  legalName: 'Maya Rivers',
  artistName: 'Maya R',
  age: 19,
  genre: 'pop',
  artistStory: 'Songs from Pune.',
  instagram: 'https://instagram.com/mayar',
  youtube: 'https://youtube.com/@mayar',
  ...links,
});

const issues = (links: Record<string, unknown>) =>
  ApplicationBody.safeParse(body(links)).error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`);

describe('the social links of an application', () => {
  it('take an address without its scheme as https', () => {
    const parsed = ApplicationBody.parse(
      body({
        instagram: ' instagram.com/mayar ',
        youtube: 'www.youtube.com/@mayar?feature=x',
        spotify: 'open.spotify.com/artist/123',
      }),
    );
    expect(parsed).toMatchObject({
      instagram: 'https://instagram.com/mayar',
      youtube: 'https://www.youtube.com/@mayar?feature=x',
      spotify: 'https://open.spotify.com/artist/123',
    });
  });

  it('keep an address that has its scheme as typed', () => {
    const parsed = ApplicationBody.parse(body({ instagram: 'http://instagram.com/mayar', spotify: '' }));
    expect(parsed.instagram).toBe('http://instagram.com/mayar');
    expect(parsed.spotify).toBeNull();
  });

  it('still refuse what is no address, with the same messages', () => {
    expect(issues({ instagram: 'mayar', youtube: 'not a url', spotify: 'ftp://open.spotify.com/x' })).toEqual(
      [
        'instagram: Instagram must be a valid http(s) URL',
        'youtube: YouTube must be a valid http(s) URL',
        'spotify: Spotify must be a valid http(s) URL',
      ],
    );
    expect(issues({ instagram: '', youtube: undefined })).toEqual(
      expect.arrayContaining(['instagram: Instagram is required', 'youtube: YouTube is required']),
    );
    expect(issues({ instagram: `instagram.com/${'a'.repeat(500)}` })).toEqual([
      'instagram: Instagram must be at most 500 characters',
    ]);
  });
});

describe('withHttps', () => {
  it.each([
    ['instagram.com/name', 'https://instagram.com/name'],
    ['localhost:3000', 'localhost:3000'],
    ['https://x.com', 'https://x.com'],
    ['mailto:a@b.com', 'mailto:a@b.com'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['//x.com', '//x.com'],
    ['name', 'name'],
  ])('%s → %s', (typed, taken) => expect(withHttps(typed)).toBe(taken));
});
