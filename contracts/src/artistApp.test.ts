import { describe, expect, it } from 'vitest';
import { isArtistAppPath } from './artistApp.ts';

describe('isArtistAppPath', () => {
  it("matches the artist app's pages as react-router does", () => {
    for (const path of [
      '/',
      '/about',
      '/about/',
      '/ABOUT',
      '/articles/getting-started',
      '/articles/getting-started/first-release',
      '/releases',
      '/wallet',
      '/privacy',
    ]) {
      expect(isArtistAppPath(path), path).toBe(true);
    }
  });

  it('refuses any other path', () => {
    for (const path of [
      '/nowhere',
      '/about/us',
      '/articles',
      '/articles//x',
      '/articles/a/b/c',
      '/releases/123',
      '/aboutx',
      '//',
    ]) {
      expect(isArtistAppPath(path), path).toBe(false);
    }
  });
});
