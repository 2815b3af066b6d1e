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
import { ChecklistStep } from './ChecklistStep.tsx';
import { ReleaseInfoStep } from './ReleaseInfoStep.tsx';
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
