import { describe, expect, it } from 'vitest';
import { isSafeText, optionalText, requiredText } from './common.ts';

describe('the text every field takes', () => {
  it('refuses what XML 1.0 cannot carry, U+FFFE and U+FFFF, and the other Unicode non-characters', () => {
    for (const value of [
      'a\uFFFF',
      '\uFFFE',
      'x\uFDD0y',
      '\uFDEF',
      '\u{1FFFE}',
      '\u{10FFFF}',
      'b\u{EFFFF}',
    ]) {
      expect(isSafeText(value), JSON.stringify(value)).toBe(false);
    }
    // As before: controls (tab, line feed and carriage return aside) and lone surrogates.
    for (const value of ['a\u0000', '\u0007', '\u001F', '\u007F', '\uD800', 'x\uDFFFy']) {
      expect(isSafeText(value), JSON.stringify(value)).toBe(false);
    }
    // Their neighbours are text.
    for (const value of [
      '\uFFFD',
      '\uFDCF',
      '\uFDF0',
      '\u{1FFFD}',
      '\u{10000}',
      '🎵',
      'Café 東京',
      'a\tb\nc\r',
    ]) {
      expect(isSafeText(value), JSON.stringify(value)).toBe(true);
    }
  });

  it('names the field in the message', () => {
    const title = requiredText('Title').safeParse('Night\uFFFFDrive');
    expect(title.success).toBe(false);
    expect(title.error?.issues.map((i) => i.message)).toEqual([
      'Title contains characters that are not allowed',
    ]);
    const holder = optionalText('Copyright holder').safeParse('\uFFFEZoë');
    expect(holder.error?.issues.map((i) => i.message)).toEqual([
      'Copyright holder contains characters that are not allowed',
    ]);
    expect(requiredText('Title').parse(' Night \uFFFD Drive ')).toBe('Night \uFFFD Drive');
  });
});
