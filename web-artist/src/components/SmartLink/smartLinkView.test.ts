import { describe, expect, it } from 'vitest';
import { SLUG_MESSAGE, SLUG_RESERVED_MESSAGE } from '@riffline/contracts';
import { campaignName, chartSummary, checkSlug, countryName, hasVisits } from './smartLinkView.ts';

describe('checkSlug', () => {
  it('takes a slug as the server does: trimmed and in lower case', () => {
    expect(checkSlug('  Night-Transit ')).toEqual({ slug: 'night-transit' });
  });

  it("refuses in the contracts' words", () => {
    expect(checkSlug('admin')).toEqual({ error: SLUG_RESERVED_MESSAGE });
    expect(checkSlug('a')).toEqual({ error: SLUG_MESSAGE });
    expect(checkSlug('two--hyphens')).toEqual({ error: SLUG_MESSAGE });
  });
});

describe('the numbers', () => {
  const zero = { views: 0, clicks: 0, presaves: 0, fans: 0 };

  it('has visits once anything happened', () => {
    expect(hasVisits(zero)).toBe(false);
    expect(hasVisits({ ...zero, views: 1 })).toBe(true);
    expect(hasVisits({ ...zero, fans: 1 })).toBe(true);
  });

  it('reads the chart out', () => {
    expect(chartSummary({ ...zero, views: 1 })).toBe('1 view and 0 store clicks');
    expect(chartSummary({ ...zero, views: 1200, clicks: 1 })).toBe('1,200 views and 1 store click');
  });

  it('names countries and campaigns', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName(null)).toBe('Unknown');
    expect(campaignName({ source: 'newsletter', campaign: 'spring' })).toBe('newsletter / spring');
    expect(campaignName({ source: 'instagram', campaign: null })).toBe('instagram');
    expect(campaignName({ source: null, campaign: null })).toBe('No campaign');
  });
});
