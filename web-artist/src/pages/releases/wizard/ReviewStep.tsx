import { Box, Divider, Typography } from '@mui/material';
import { RECORD_LABEL, selectableStores, type StoreId } from '@riffline/contracts';
import type { ReactNode } from 'react';
import {
  distributionLabels,
  formatDate,
  genreLabels,
  pricingLabels,
  releaseTypeNames,
} from '../../../components/Releases/labels.ts';
import { splitList, visibleFields } from '../../../components/Releases/wizardRules.ts';
import type { StepProps } from './types.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
        gap: { xs: 0, sm: 2 },
        py: 0.5,
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

const yes = (value: boolean) => (value ? 'Yes' : 'No');

/** Step 5: what will be created, before Create Release (SPEC §2). */
export function ReviewStep({ state }: Pick<StepProps, 'state'>) {
  const { form, tracks } = state;
  const show = visibleFields(form);
  const artists = form.releaseArtists.map((s) => s.trim()).filter(Boolean);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Section title="Release">
        <Row label="Title">{form.title.trim()}</Row>
        <Row label="Artist">{form.artist.trim()}</Row>
        <Row label="Release type">{releaseTypeNames[form.releaseType]}</Row>
        <Row label="Genre">
          {[form.genre && genreLabels[form.genre], form.secondaryGenre && genreLabels[form.secondaryGenre]]
            .filter(Boolean)
            .join(' / ')}
        </Row>
        <Row label="Release date">
          {[formatDate(form.releaseDate), form.releaseTime].filter(Boolean).join(' at ')}
        </Row>
        <Row label="Pricing tier">{pricingLabels[form.pricingTier]}</Row>
        <Row label="Album art URL">{form.albumArt.trim()}</Row>
        <Row label="Release artists">{artists.join(', ')}</Row>
        <Row label="Copyright">
          {form.copyrightHolder.trim() ? `© ${form.copyrightYear} ${form.copyrightHolder.trim()}` : ''}
        </Row>
        <Row label="Production">
          {form.productionHolder.trim() ? `℗ ${form.productionYear} ${form.productionHolder.trim()}` : ''}
        </Row>
        <Row label="Record label">{RECORD_LABEL}</Row>
      </Section>
      <Divider />
      <Section title={`Tracks (${tracks.length})`}>
        {tracks.map((t) => (
          <Row key={t.key} label={`${t.trackNumber}. ${t.title.trim()}`}>
            {[
              t.primaryArtists
                .map((s) => s.trim())
                .filter(Boolean)
                .join(', '),
              splitList(t.featuringArtists).length ? `feat. ${splitList(t.featuringArtists).join(', ')}` : '',
              t.trackType === 'instrumental' ? 'Instrumental' : 'Vocal',
              t.isExplicit ? 'Explicit' : '',
              t.file ? `Audio: ${t.file.name}` : 'No audio yet: upload it after creating the release',
            ]
              .filter(Boolean)
              .join(' · ')}
          </Row>
        ))}
      </Section>
      <Divider />
      <Section title="Distribution Checklist">
        <Row label="Explicit content labelled">{yes(form.explicitContentLabeled)}</Row>
        <Row label="Authorised to distribute">{yes(form.authorizedToDistribute)}</Row>
        <Row label="No other artist's name">{yes(form.noUnauthorizedArtistName)}</Row>
        <Row label="Copyright documentation">{form.copyrightDocumentation.trim()}</Row>
      </Section>
      <Divider />
      <Section title="Release Settings">
        <Row label="Country restrictions">
          {show.restrictedCountries ? splitList(form.restrictedCountries).join(', ') || 'Yes' : 'None'}
        </Row>
        <Row label="Previously released">
          {show.originalReleaseDate ? formatDate(form.originalReleaseDate) || 'Yes' : 'No'}
        </Row>
        <Row label="Stores">
          {show.selectedStores
            ? form.selectedStores.map((id: StoreId) => selectableStores[id]).join(', ')
            : distributionLabels[form.storeDistribution]}
        </Row>
        <Row label="Auto-distribute to new stores">{yes(form.autoDistributeToNewStores)}</Row>
      </Section>
    </Box>
  );
}
