/**
 * The wizard's steps rendered (to static markup, as React renders them on first paint): the fields each
 * state shows. The rules themselves are tested in `../wizardRules.test.ts`; the dialog in the browser
 * suite (`web-artist/e2e/releases.spec.ts`).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  addTrack,
  initialWizard,
  removeTrack,
  setField,
  updateTrack,
  type WizardState,
} from '../../../components/Releases/wizardRules.ts';
import { localToday } from '../../../components/Releases/releaseTiming.ts';
import { ChecklistStep } from './ChecklistStep.tsx';
import { ReleaseInfoStep } from './ReleaseInfoStep.tsx';
import { ReviewStep } from './ReviewStep.tsx';
import { SettingsStep } from './SettingsStep.tsx';
import { TracksStep } from './TracksStep.tsx';
import type { Wizard } from './types.ts';

const noop = () => undefined;
const wizard = (state: WizardState = initialWizard()) => state as Wizard;
/** Text content only: labels, values and helper texts, without the markup around them. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('release settings step', () => {
  const render = (state: WizardState) =>
    renderToStaticMarkup(<SettingsStep state={wizard(state)} errors={{}} apply={noop} />);

  it('hides the dependent fields while their switches are off', () => {
    const html = render(initialWizard());
    expect(html).not.toContain('Restricted Countries');
    expect(html).not.toContain('Original Release Date');
    expect(html).not.toContain('Spotify');
    expect(text(html)).toContain('Auto-distribute to new stores');
  });

  it('shows each one once its switch is on', () => {
    let state = setField(initialWizard(), 'hasCountryRestrictions', true);
    expect(render(state)).toContain('Restricted Countries');
    expect(render(state)).not.toContain('Original Release Date');
    state = setField(state, 'previouslyReleased', true);
    expect(render(state)).toContain('Original Release Date');
    state = setField(state, 'storeDistribution', 'custom');
    const html = text(render(state));
    expect(html).toContain('Stores (0 selected)');
    for (const store of ['Spotify', 'Apple Music', 'JioSaavn', 'AWA']) expect(html).toContain(store);
  });
});

describe('release settings step: the codes a previously released release brings', () => {
  const withTracks = () => {
    let state: WizardState = setField(initialWizard(), 'releaseType', 'ep');
    state = addTrack(state).state;
    state = addTrack(state).state;
    return updateTrack(state, state.tracks[0]!.key, 'title', 'Coastline');
  };
  const render = (state: WizardState, errors = {}) =>
    text(renderToStaticMarkup(<SettingsStep state={wizard(state)} errors={errors} apply={noop} />));

  it('asks for a UPC and an ISRC per track only while Previously released is on', () => {
    expect(render(withTracks())).not.toContain('UPC');
    expect(render(withTracks())).not.toContain('ISRC');
    const html = render(setField(withTracks(), 'previouslyReleased', true));
    expect(html).toContain('Codes it already has');
    expect(html).toContain('UPC');
    expect(html).toContain('12 or 13 digits (UPC-A or EAN-13)');
    expect(html).toContain('ISRC of track 1 (Coastline)');
    expect(html).toContain('ISRC of track 2');
    expect(html).not.toContain('ISRC of track 3');
  });

  it('shows a refused code on its field', () => {
    const html = render(setField(withTracks(), 'previouslyReleased', true), {
      upc: 'UPC 036000291453 has a wrong check digit',
      'tracks.1.isrc': 'ISRC QZ-1 is not a valid ISRC (CC-XXX-YY-NNNNN)',
    });
    expect(html).toContain('UPC 036000291453 has a wrong check digit');
    expect(html).not.toContain('12 or 13 digits (UPC-A or EAN-13)');
    expect(html).toContain('ISRC QZ-1 is not a valid ISRC (CC-XXX-YY-NNNNN)');
  });
});

describe('release info step', () => {
  it('shows the record label fixed and read-only, and the date hint', () => {
    const html = renderToStaticMarkup(<ReleaseInfoStep state={wizard()} errors={{}} apply={noop} />);
    const label = /<input[^>]*id="release-record-label"[^>]*>/.exec(html)?.[0] ?? '';
    expect(label).toMatch(/readonly=""/i);
    expect(label).toContain('value="Riffline Records"');
    expect(text(html)).toContain('Select a future date');
    for (const label of ['Release Artist 1', 'Release Artist 2', 'Release Artist 3'])
      expect(html).toContain(label);
    expect(html).not.toContain('Release Artist 4');
  });

  it('asks for the cover art: a file, with what it must be, and says when it is missing', () => {
    const html = renderToStaticMarkup(<ReleaseInfoStep state={wizard()} errors={{}} apply={noop} />);
    expect(html).toContain('aria-label="Cover art file"');
    expect(html).not.toContain('Album Art URL');
    expect(text(html)).toContain('Cover Art *');
    expect(text(html)).toContain('No file chosen');
    expect(text(html)).toContain(
      'Square JPG or PNG, at least 3000×3000 pixels. It uploads once the release is created.',
    );
    const missing = renderToStaticMarkup(
      <ReleaseInfoStep state={wizard()} errors={{ cover: 'Cover art is required' }} apply={noop} />,
    );
    expect(text(missing)).toContain('Cover art is required');
  });

  it('warns of a release date under two weeks ahead, not of one further out', () => {
    const inDays = (days: number) => {
      const d = new Date();
      d.setDate(d.getDate() + days);
      return localToday(d);
    };
    const render = (date: string) =>
      text(
        renderToStaticMarkup(
          <ReleaseInfoStep
            state={wizard(setField(initialWizard(), 'releaseDate', date))}
            errors={{}}
            apply={noop}
          />,
        ),
      );
    expect(render(inDays(5))).toContain(
      'Less than 2 weeks away: stores may not have your release ready by then.',
    );
    expect(render(inDays(30))).not.toContain('Less than 2 weeks away');
  });

  it("shows a field's problem instead of its hint", () => {
    const html = renderToStaticMarkup(
      <ReleaseInfoStep state={wizard()} errors={{ releaseDate: 'Release date is required' }} apply={noop} />,
    );
    expect(text(html)).toContain('Release date is required');
    expect(text(html)).not.toContain('Select a future date');
  });
});

describe('tracks step', () => {
  it('numbers the tracks and renumbers them after a removal', () => {
    let state: WizardState = setField(initialWizard(), 'releaseType', 'ep');
    for (let i = 0; i < 3; i++) state = addTrack(state).state;
    state.tracks.forEach(
      (t, i) => (state = updateTrack(state, t.key, 'title', `Song ${String.fromCharCode(65 + i)}`)),
    );
    state = removeTrack(state, state.tracks[0]!.key);
    const html = renderToStaticMarkup(<TracksStep state={wizard(state)} errors={{}} apply={noop} />);
    expect(text(html)).toContain('EP: 2 of 5 tracks');
    expect(html).toContain('aria-label="Track 1"');
    expect(html).toContain('aria-label="Track 2"');
    expect(html).not.toContain('aria-label="Track 3"');
    expect(html.indexOf('Song B')).toBeLessThan(html.indexOf('Song C'));
    expect(html).not.toContain('Song A');
    expect(text(html)).toContain('WAV preferred, or MP3; max 200MB per track');
  });
});

describe('review step', () => {
  const render = (coins: { coins: string; distributionFeeCoins: string } | undefined) =>
    text(renderToStaticMarkup(<ReviewStep state={wizard()} coins={coins} />));

  it('shows the distribution fee before anything is taken, and the balance it comes from', () => {
    const html = render({ coins: '1500.00', distributionFeeCoins: '999.00' });
    expect(html).toContain(
      'Distribution fee 999.00 coins, taken from your balance when you submit the release for distribution (not now) · Your balance: 1,500.00 coins',
    );
    expect(html).not.toContain('does not cover the fee');
  });

  it('says when distribution is free, and when the balance falls short', () => {
    expect(render({ coins: '0.00', distributionFeeCoins: '0.00' })).toContain(
      'None: submitting this release takes no coins',
    );
    expect(render({ coins: '20.00', distributionFeeCoins: '999.00' })).toContain(
      'It does not cover the fee yet: top up before you submit the release.',
    );
  });
});

describe('checklist step', () => {
  it('has the three confirmations and warns that wrong answers may delay distribution', () => {
    const html = text(renderToStaticMarkup(<ChecklistStep state={wizard()} errors={{}} apply={noop} />));
    expect(html).toContain('wrong answers may delay the distribution');
    expect(html).toContain('I am authorised to distribute this music');
    expect(html).toContain("I am not using another artist's name without permission");
    expect(html).toContain('Explicit content is labelled');
    expect(html).toContain('Copyright Documentation URL');
  });
});
