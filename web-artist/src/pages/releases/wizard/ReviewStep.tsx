import { Alert, AlertTitle, Avatar, Box, Divider, Typography } from '@mui/material';
import {
  compareAmounts,
  formatCoins,
  RECORD_LABEL,
  selectableStores,
  type CoinsResponse,
  type StoreId,
} from '@riffline/contracts';
import type { ReactNode } from 'react';
import { useObjectUrl } from '../../../components/Releases/imageFiles.ts';
import {
  distributionLabels,
  formatDate,
  genreLabels,
  pricingLabels,
  releaseTypeNames,
} from '../../../components/Releases/labels.ts';
import { releaseDateWarning } from '../../../components/Releases/releaseTiming.ts';
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

/**
 * What distribution will cost, before anything is taken (the landing page promises no hidden fees):
 * the distribution fee leaves the coin balance when the release is submitted, not when it is created.
 */
function Fee({ coins }: { coins: CoinsResponse | undefined }) {
  const fee = coins?.distributionFeeCoins;
  const free = fee !== undefined && compareAmounts(fee, '0') <= 0;
  const short = coins !== undefined && !free && compareAmounts(coins.coins, coins.distributionFeeCoins) < 0;
  return (
    <Alert severity={short ? 'warning' : 'info'} aria-label="Distribution fee">
      <AlertTitle>Distribution fee</AlertTitle>
      <span data-testid="distribution-fee">
        {fee === undefined
          ? 'Loading…'
          : free
            ? 'None: submitting this release takes no coins'
            : `${formatCoins(fee)} coins, taken from your balance when you submit the release for distribution (not now)`}
      </span>
      {coins && <> · Your balance: {formatCoins(coins.coins)} coins</>}
      {short && (
        <Box sx={{ mt: 0.5 }}>It does not cover the fee yet: top up before you submit the release.</Box>
      )}
    </Alert>
  );
}

/** Step 5: what will be created, and what distributing it costs, before Create Release (SPEC §2). */
export function ReviewStep({
  state,
  coins,
}: Pick<StepProps, 'state'> & { coins: CoinsResponse | undefined }) {
  const { form, tracks, cover } = state;
  const show = visibleFields(form);
  const artists = form.releaseArtists.map((s) => s.trim()).filter(Boolean);
  const preview = useObjectUrl(cover);
  const dateWarning = releaseDateWarning(form.releaseDate);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {cover && (
        <Avatar
          variant="rounded"
          src={preview}
          alt={`Cover art of ${form.title.trim()}`}
          sx={{ width: 120, height: 120 }}
        />
      )}
      <Fee coins={coins} />
      {dateWarning && <Alert severity="warning">{dateWarning}</Alert>}
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
        <Row label="Cover art">{cover?.name ?? ''}</Row>
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
              show.ownCodes && t.isrc.trim() ? `ISRC ${t.isrc.trim()}` : '',
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
        {show.ownCodes && <Row label="UPC">{form.upc.trim() || 'Given on approval'}</Row>}
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
