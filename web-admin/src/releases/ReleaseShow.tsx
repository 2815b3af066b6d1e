import AlbumIcon from '@mui/icons-material/Album';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Alert, AlertTitle, Box, CardContent, Grid, Link, Stack, Typography } from '@mui/material';
import type { ReleaseWithTracksResponse } from '@riffline/contracts';
import {
  DateField,
  FunctionField,
  Labeled,
  ReferenceField,
  Show,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { ReleaseSmartLink } from '../smartlinks/ReleaseSmartLink.tsx';
import { CopyCode } from './CopyCode.tsx';
import { ReleaseChanges } from './ReleaseChanges.tsx';
import { ReleaseDeliveries } from './ReleaseDeliveries.tsx';
import { ReleaseSplits } from './ReleaseSplits.tsx';
import { ReviewButtons } from './ReviewButtons.tsx';
import { TrackList } from './TrackList.tsx';

type Release = ReleaseWithTracksResponse;

/**
 * The cover, large: what the reviewer checks first (title and artist as on the release, no logos, sharp
 * at 3000 px), with a link to the file at full size; its absence is said plainly.
 */
function Artwork() {
  const release = useRecordContext<Release>();
  const translate = useTranslate();
  if (!release) return null;
  const square = { width: '100%', maxWidth: 560, aspectRatio: '1', borderRadius: 1 };
  return release.coverUrl ? (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="img"
        src={release.coverUrl}
        alt={translate('riffline.releases.artwork', { title: release.title })}
        sx={{ ...square, objectFit: 'cover', display: 'block', boxShadow: 2 }}
      />
      <Link href={release.coverUrl} target="_blank" rel="noopener" variant="body2">
        {translate('riffline.releases.coverFull')}
        <OpenInNewIcon sx={{ fontSize: 14, ml: 0.5, verticalAlign: 'middle' }} />
      </Link>
    </Stack>
  ) : (
    <Stack spacing={1}>
      <Box
        sx={{
          ...square,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'text.secondary',
        }}
      >
        <Stack sx={{ alignItems: 'center' }}>
          <AlbumIcon fontSize="large" />
          <Typography variant="body2">{translate('riffline.releases.noArtwork')}</Typography>
        </Stack>
      </Box>
      <Alert severity="warning">{translate('riffline.releases.noCoverWarning')}</Alert>
    </Stack>
  );
}

/** A calendar day ('2026-12-14') in the reader's format, as the lists show it. */
const day = (date: string | null) =>
  date ? new Date(`${date.slice(0, 10)}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC' }) : null;

const holder = (name: string | null, year: number) => (name ? `${year} ${name}` : String(year));

/**
 * Everything the artist filled in, the identifiers it got, the tracks with players, the split, its
 * deliveries to the stores, and its takedowns and purge.
 */
function ReleaseDetails() {
  const release = useRecordContext<Release>();
  const translate = useTranslate();
  if (!release) return null;
  return (
    <CardContent>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Artwork />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {release.title}
            </Typography>
            <EnumField source="status" name="releaseStatus" />
          </Stack>
          <Typography color="text.secondary" gutterBottom>
            {release.artist}
          </Typography>
          {release.status === 'rejected' && release.rejectionReason && (
            <Alert severity="error" sx={{ my: 1 }}>
              <AlertTitle>{translate('resources.releases.fields.rejectionReason')}</AlertTitle>
              {release.rejectionReason}
            </Alert>
          )}
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
              gap: 2,
              mt: 2,
            }}
          >
            <Labeled>
              <FunctionField
                source="upc"
                render={(r: Release) =>
                  r.upc ? (
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                      <span data-testid="upc">{r.upc}</span>
                      <CopyCode label="UPC" code={r.upc} of={r.title} />
                    </Box>
                  ) : (
                    <span data-testid="upc">{translate('riffline.releases.noUpc')}</span>
                  )
                }
              />
            </Labeled>
            <Labeled>
              <EnumField source="releaseType" name="releaseType" variant="text" />
            </Labeled>
            <Labeled>
              <FunctionField
                source="genre"
                render={(r: Release) =>
                  [r.genre, r.secondaryGenre]
                    .filter(Boolean)
                    .map((g) => translate(`riffline.enums.releaseGenre.${g}`))
                    .join(' / ')
                }
              />
            </Labeled>
            <Labeled>
              <FunctionField
                source="releaseDate"
                render={(r: Release) => [day(r.releaseDate), r.releaseTime].filter(Boolean).join(' ') || '—'}
              />
            </Labeled>
            <Labeled>
              <FunctionField
                source="releaseArtists"
                render={(r: Release) => r.releaseArtists.join(', ') || '—'}
              />
            </Labeled>
            <Labeled>
              <ReferenceField source="userId" reference="users" link={false}>
                <TextField source="email" />
              </ReferenceField>
            </Labeled>
            <Labeled>
              <TextField source="recordLabel" />
            </Labeled>
            <Labeled>
              <EnumField source="pricingTier" name="pricingTier" variant="text" />
            </Labeled>
            <Labeled>
              <FunctionField
                source="copyrightHolder"
                render={(r: Release) => `© ${holder(r.copyrightHolder, r.copyrightYear)}`}
              />
            </Labeled>
            <Labeled>
              <FunctionField
                source="productionHolder"
                render={(r: Release) => `℗ ${holder(r.productionHolder, r.productionYear)}`}
              />
            </Labeled>
            <Labeled>
              <FunctionField
                source="storeDistribution"
                render={(r: Release) =>
                  r.storeDistribution === 'custom'
                    ? `${translate('riffline.enums.storeDistribution.custom')} (${r.selectedStores.length})`
                    : translate(`riffline.enums.storeDistribution.${r.storeDistribution}`)
                }
              />
            </Labeled>
            {release.hasCountryRestrictions && (
              <Labeled>
                <FunctionField
                  source="restrictedCountries"
                  render={(r: Release) => r.restrictedCountries.join(', ')}
                />
              </Labeled>
            )}
            {release.previouslyReleased && (
              <Labeled>
                <FunctionField
                  source="originalReleaseDate"
                  render={(r: Release) => day(r.originalReleaseDate)}
                />
              </Labeled>
            )}
            <ReleaseSmartLink />
            <Labeled>
              <DateField source="createdAt" showTime />
            </Labeled>
            <Labeled>
              <DateField source="updatedAt" showTime />
            </Labeled>
          </Box>
        </Grid>
      </Grid>
      <TrackList />
      <ReleaseSplits />
      <ReleaseDeliveries />
      <ReleaseChanges />
    </CardContent>
  );
}

export function ReleaseShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <ReviewButtons />
        </TopToolbar>
      }
    >
      <ReleaseDetails />
    </Show>
  );
}
