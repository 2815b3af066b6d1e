import ImageIcon from '@mui/icons-material/Image';
import {
  Alert,
  AlertTitle,
  Box,
  CardContent,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type {
  AdminReleaseChangeResponse,
  CorrectionFields,
  DeliveryResponse,
  ReleaseWithTracksResponse,
} from '@riffline/contracts';
import type { Query } from '@tanstack/react-query';
import { DateField, Labeled, Show, TopToolbar, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import { EnumField } from '../common/EnumField.tsx';
import { chipColors, enumLabelKey, humanize } from '../common/enums.ts';
import { ReleaseLink } from '../deliveries/ReleaseLink.tsx';
import { CorrectionReview } from './CorrectionReview.tsx';
import {
  artworkFacts,
  correctionRows,
  latestPerStore,
  onItsWay,
  trackNumbersOf,
  urlShowsKey,
  type CorrectionRow,
} from './correctionWords.ts';

type Correction = AdminReleaseChangeResponse;
type Release = ReleaseWithTracksResponse;
type Artwork = NonNullable<CorrectionFields['artwork']>;

const key = (name: string) => `riffline.corrections.${name}`;

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** While its update is on its way to the stores, the correction is read again every few seconds. */
const refetchInterval = (query: Query<Correction>) =>
  query.state.data && onItsWay(query.state.data) ? 3000 : false;

/** "Correction of “Low Tide”" in the bar and the browser's tab. */
function CorrectionTitle() {
  const change = useRecordContext<Correction>();
  const translate = useTranslate();
  if (!change) return null;
  return <span>{translate(key('pageTitle'), { title: change.releaseTitle })}</span>;
}

/**
 * A cover in the before → after table: the image where the console has a link to it (the release's own
 * cover, signed), else a placeholder saying why not; under it, the file's format, size and dimensions.
 */
function Cover({
  artwork,
  url,
  alt,
  missing,
}: {
  artwork: Artwork | null;
  url: string | null;
  alt: string;
  missing: string;
}) {
  const square = { width: { xs: 96, sm: 160 }, aspectRatio: '1', borderRadius: 1 };
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      {url ? (
        <Box component="img" src={url} alt={alt} sx={{ ...square, objectFit: 'cover', boxShadow: 1 }} />
      ) : (
        <Box sx={{ ...square, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }} aria-hidden>
          <ImageIcon color="disabled" />
        </Box>
      )}
      {artwork && <Typography variant="body2">{artworkFacts(artwork)}</Typography>}
      {!url && (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 220 }}>
          {missing}
        </Typography>
      )}
    </Stack>
  );
}

/** The cover's row: the current one as the release shows it, the proposed one once it is the release's. */
function CoverCells({
  row,
  change,
  release,
}: {
  row: Extract<CorrectionRow, { field: 'artwork' }>;
  change: Correction;
  release: Release | undefined;
}) {
  const translate = useTranslate();
  const coverUrl = release?.coverUrl ?? null;
  const title = change.releaseTitle;
  // Before: the release's cover while it is still that file (an album-art link when none was uploaded).
  const beforeUrl = row.before
    ? urlShowsKey(coverUrl, row.before.key)
      ? coverUrl
      : null
    : change.status === 'pending'
      ? coverUrl
      : null;
  const afterUrl = urlShowsKey(coverUrl, row.after.key) ? coverUrl : null;
  return (
    <>
      <TableCell data-testid="cover-before" sx={{ verticalAlign: 'top' }}>
        <Cover
          artwork={row.before}
          url={beforeUrl}
          alt={translate(key('coverBefore'), { title })}
          missing={translate(key(row.before ? 'replacedCover' : 'noUploadedCover'))}
        />
      </TableCell>
      <TableCell aria-hidden sx={{ px: 0.5 }}>
        →
      </TableCell>
      <TableCell data-testid="cover-after" sx={{ verticalAlign: 'top' }}>
        <Cover
          artwork={row.after}
          url={afterUrl}
          alt={translate(key('coverAfter'), { title })}
          missing={translate(key(change.status === 'approved' ? 'replacedCover' : 'noPreview'))}
        />
      </TableCell>
    </>
  );
}

/** Each field the correction changes, before → after; a track by its number, the cover as images. */
function BeforeAfter({ change, release }: { change: Correction; release: Release | undefined }) {
  const translate = useTranslate();
  const rows = correctionRows(change, trackNumbersOf(release), translate);
  const title = translate(key('beforeAfter'));
  const cell = { overflowWrap: 'anywhere', verticalAlign: 'top' } as const;
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Table size="small" aria-label={title} sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>{translate(key('field'))}</TableCell>
            <TableCell>{translate(key('before'))}</TableCell>
            <TableCell aria-hidden sx={{ px: 0.5 }} />
            <TableCell>{translate(key('after'))}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid="correction-field">
              <TableCell component="th" scope="row" sx={{ ...cell, fontWeight: 600 }}>
                {row.label}
              </TableCell>
              {row.field === 'artwork' ? (
                <CoverCells row={row} change={change} release={release} />
              ) : (
                <>
                  <TableCell sx={{ ...cell, color: 'text.secondary' }}>{row.before}</TableCell>
                  <TableCell aria-hidden sx={{ ...cell, px: 0.5 }}>
                    →
                  </TableCell>
                  <TableCell sx={cell}>{row.after}</TableCell>
                </>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

function StoreState({ delivery }: { delivery: DeliveryResponse }) {
  const translate = useTranslate();
  return (
    <Paper component="li" variant="outlined" data-testid="update-store" sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, mr: 'auto' }}>{delivery.storeName}</Typography>
        <Chip
          size="small"
          label={translate(enumLabelKey('deliveryStatus', delivery.status), { _: humanize(delivery.status) })}
          color={chipColors.deliveryStatus?.[delivery.status] ?? 'default'}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {translate('riffline.deliveries.deliveredAt')}: {when(delivery.deliveredAt)}
      </Typography>
      {delivery.error && (
        <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
          {translate('riffline.deliveries.storeSaid', { store: delivery.storeName })}: {delivery.error}
        </Typography>
      )}
    </Paper>
  );
}

/** Once approved: the update as each store that has the release was sent it (its latest try per store). */
function UpdateDeliveries({ change }: { change: Correction }) {
  const translate = useTranslate();
  if (change.status !== 'approved') return null;
  const title = translate(key('update'));
  const stores = latestPerStore(change.deliveries);
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {stores.length ? (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {stores.map((d) => (
            <StoreState key={d.id} delivery={d} />
          ))}
        </Stack>
      ) : (
        <Typography color="text.secondary" data-testid="update-store">
          {translate(key(onItsWay(change) ? 'updateWaiting' : 'updateNone'))}
        </Typography>
      )}
    </Box>
  );
}

/** The correction: whose release, when asked and decided, why rejected; before → after; the update. */
function CorrectionDetails() {
  const change = useRecordContext<Correction>();
  const translate = useTranslate();
  const { data: release } = useGetOne<Release>(
    'releases',
    { id: change?.releaseId },
    { enabled: Boolean(change) },
  );
  if (!change) return null;
  if (change.kind !== 'correction') {
    return (
      <CardContent>
        <Alert severity="info">
          {translate(key('notACorrection'), {
            kind: translate(enumLabelKey('releaseChangeKind', change.kind)),
          })}{' '}
          <ReleaseLink />
        </Alert>
      </CardContent>
    );
  }
  return (
    <CardContent>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {translate(key('pageTitle'), { title: change.releaseTitle })}
        </Typography>
        <EnumField source="status" name="releaseChangeStatus" />
      </Stack>
      {change.status === 'rejected' && change.reason && (
        <Alert severity="error" sx={{ my: 1 }}>
          <AlertTitle>{translate('resources.release-changes.fields.reason')}</AlertTitle>
          {change.reason}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
          gap: 2,
          mt: 2,
        }}
      >
        <Labeled source="releaseTitle">
          <ReleaseLink />
        </Labeled>
        <Labeled source="artist">
          <Typography variant="body2">{change.artist}</Typography>
        </Labeled>
        <Labeled>
          <DateField source="createdAt" showTime />
        </Labeled>
        <Labeled>
          <DateField source="decidedAt" showTime emptyText="—" />
        </Labeled>
      </Box>
      <BeforeAfter change={change} release={release} />
      <UpdateDeliveries change={change} />
    </CardContent>
  );
}

/** One correction: before → after, Approve / Reject while it waits, then its update at the stores. */
export function CorrectionShow() {
  return (
    <Show
      title={<CorrectionTitle />}
      queryOptions={{ refetchInterval }}
      actions={
        <TopToolbar>
          <CorrectionReview />
        </TopToolbar>
      }
    >
      <CorrectionDetails />
    </Show>
  );
}
