import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  MenuItem,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_SPLIT_PAYEES, PERCENT_MESSAGE } from '@riffline/contracts';
import { serverMessage } from '../../api/client.ts';
import { releaseTracksQuery } from '../../api/releases.ts';
import { createSplit, releaseSplitsQuery, type SplitShareBody, type Splits } from '../../api/splits.ts';
import { useLoggedOutFlow } from '../Auth/useLoggedOutFlow.ts';
import { useConfirmItsYou } from '../SecondFactor/ConfirmItsYouDialog.tsx';
import { keepDraft, takeDraft } from '../SecondFactor/drafts.ts';
import { useToast } from '../Toast/Toast.tsx';
import {
  defaultEffectiveFrom,
  hundredthsText,
  monthLabel,
  percentInput,
  shareHundredths,
} from './splitRules.ts';

interface Row {
  /** A key of its own, so removing a row keeps the others' fields (and focus) where they are. */
  key: number;
  email: string;
  name: string;
  percent: string;
}

let nextKey = 0;
const row = (email = '', name = '', percent = ''): Row => ({ key: nextKey++, email, name, percent });

/** Where the form is kept while the artist signs in again with their authenticator app (the step-up). */
const draftKey = (releaseId: string) => `riffline.splitDraft.${releaseId}`;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The form as it was sent to sign in again, when it comes back from there. */
function splitDraft(
  releaseId: string,
): { trackId: string; effectiveFrom: string; own: string; rows: Row[] } | null {
  const draft = takeDraft(draftKey(releaseId));
  if (!draft) return null;
  const rows = Array.isArray(draft.rows) ? (draft.rows as Array<Record<string, unknown>>) : [];
  return {
    trackId: text(draft.trackId),
    effectiveFrom: text(draft.effectiveFrom),
    own: text(draft.own),
    rows: rows.map((r) => row(text(r.email), text(r.name), text(r.percent))),
  };
}

/** The latest version of the whole release's split (`trackId` ''), or of a track's own. */
const latestOf = (splits: Splits | undefined, trackId: string) =>
  splits?.versions.find((v) => (v.trackId ?? '') === trackId);

/**
 * The form starts from the latest version of what it applies to (the owner's share and the collaborators');
 * a track without one of its own starts from the release's; else all for the owner.
 */
function startingShares(splits: Splits | undefined, trackId: string): { own: string; rows: Row[] } {
  const latest = latestOf(splits, trackId) ?? latestOf(splits, '');
  if (!latest) return { own: '100', rows: [] };
  const own = latest.shares.find((s) => s.status === 'owner');
  return {
    own: own ? percentInput(own.percent) : '',
    rows: latest.shares
      .filter((s) => s.status !== 'owner')
      .map((s) => row(s.email ?? '', s.name ?? '', percentInput(s.percent))),
  };
}

/**
 * Change split: a new version of the release's split, or of one track's own (which then overrides the
 * release's for that track's earnings), from a sale month on. The owner's row comes first and
 * stays; collaborators are named by email. The total is counted as it is typed, exactly (hundredths), and
 * Save waits for exactly 100%; anything else the server refuses (a month already credited, an email named
 * twice) is shown in its own words above the buttons. Mount it with a `key` so each opening starts afresh.
 */
export function ChangeSplitDialog({
  releaseId,
  releaseTitle,
  ownEmail,
  splits,
  onClose,
}: {
  releaseId: string;
  releaseTitle: string;
  ownEmail: string | null;
  splits: Splits | undefined;
  onClose: () => void;
}) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const queryClient = useQueryClient();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const confirmItsYou = useConfirmItsYou();
  const tracks = useQuery(releaseTracksQuery(releaseId));
  const [draft] = useState(() => splitDraft(releaseId));
  const [trackId, setTrackId] = useState(draft?.trackId ?? '');
  const [start] = useState(() => draft ?? startingShares(splits, trackId));
  const [effectiveFrom, setEffectiveFrom] = useState(
    () => draft?.effectiveFrom || defaultEffectiveFrom(new Date(), latestOf(splits, trackId)?.effectiveFrom),
  );
  const [own, setOwn] = useState(start.own);
  const [rows, setRows] = useState<Row[]>(start.rows);
  const [refusal, setRefusal] = useState<string | null>(null);

  /** Another target: the form starts again from that one's latest version. */
  const changeTarget = (target: string) => {
    const shares = startingShares(splits, target);
    setTrackId(target);
    setOwn(shares.own);
    setRows(shares.rows);
    setEffectiveFrom(defaultEffectiveFrom(new Date(), latestOf(splits, target)?.effectiveFrom));
    setRefusal(null);
  };

  const save = useMutation({
    mutationFn: (body: { trackId?: string; effectiveFrom: string; shares: SplitShareBody[] }) =>
      createSplit(releaseId, body),
    onSuccess: (version) => {
      void queryClient.invalidateQueries({ queryKey: releaseSplitsQuery(releaseId).queryKey });
      const what = version.trackTitle ? `“${version.trackTitle}”` : `“${releaseTitle}”`;
      toast({
        title: 'Split Saved',
        description: `${what} is split ${version.shares.length} ways from ${monthLabel(version.effectiveFrom)}.`,
      });
      onClose();
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      // Who is paid what needs a recent sign-in with the authenticator app: sign in again, come back here.
      if (confirmItsYou.handle(error, `/releases?split=${releaseId}&change=1`)) {
        const kept = rows.map(({ email, name, percent }) => ({ email, name, percent }));
        keepDraft(draftKey(releaseId), { trackId, effectiveFrom, own, rows: kept });
        return;
      }
      setRefusal(serverMessage(error) ?? 'The split could not be saved. Please try again.');
    },
  });

  const change = (key: number, field: 'email' | 'name' | 'percent', value: string) => {
    setRefusal(null);
    setRows((all) => all.map((r) => (r.key === key ? { ...r, [field]: value } : r)));
  };
  const percents = [own, ...rows.map((r) => r.percent)].map(shareHundredths);
  const total = percents.reduce<bigint>((sum, p) => sum + (p ?? 0n), 0n);
  const complete =
    percents.every((p) => p !== null) &&
    rows.every((r) => r.email.trim()) &&
    /^\d{4}-\d{2}$/.test(effectiveFrom);
  const ready = complete && total === 10_000n && !save.isPending;
  const percentError = (text: string) => text.trim() !== '' && shareHundredths(text) === null;

  const onSave = () => {
    if (!ready) return;
    setRefusal(null);
    save.mutate({
      ...(trackId ? { trackId } : {}),
      effectiveFrom,
      shares: [
        { owner: true, percent: own.trim() },
        ...rows.map((r) => ({
          email: r.email.trim(),
          percent: r.percent.trim(),
          ...(r.name.trim() ? { name: r.name.trim() } : {}),
        })),
      ],
    });
  };

  /** A percentage field: `label` is its whole accessible name, "Share" all the narrow field can show. */
  const percentField = (id: string, label: string, value: string, onChange: (v: string) => void) => (
    <TextField
      id={id}
      label={label === 'Your share' ? label : 'Share'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required
      error={percentError(value)}
      helperText={percentError(value) ? PERCENT_MESSAGE : undefined}
      slotProps={{
        htmlInput: { inputMode: 'decimal', 'aria-label': label },
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
      }}
      sx={{ width: { xs: '100%', sm: 130 }, flexShrink: 0 }}
    />
  );

  return (
    <Dialog
      open
      onClose={() => !save.isPending && onClose()}
      fullWidth
      fullScreen={phone}
      maxWidth="md"
      aria-labelledby="change-split-title"
    >
      <DialogTitle id="change-split-title">Change Split</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSave();
          }}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <Typography variant="body2" color="text.secondary">
            Share what “{releaseTitle}” earns from a sale month on. Months already credited keep the split
            they were credited under. Collaborators are named by email: their share is held for them until
            they accept. A track may have a split of its own, which applies to what that track earns.
          </Typography>
          <TextField
            id="split-applies-to"
            select
            label="Applies to"
            value={trackId}
            onChange={(e) => changeTarget(e.target.value)}
            helperText={trackId ? 'Only this track’s earnings, instead of the release’s split' : undefined}
            sx={{ maxWidth: { sm: 420 } }}
          >
            <MenuItem value="">The whole release</MenuItem>
            {(tracks.data ?? []).map((t) => (
              <MenuItem key={t.id} value={t.id}>
                Track {t.trackNumber}: {t.title}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            id="split-effective-from"
            label="Applies from"
            type="month"
            value={effectiveFrom}
            onChange={(e) => {
              setRefusal(null);
              setEffectiveFrom(e.target.value);
            }}
            required
            helperText="The first sale month this split applies to"
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ maxWidth: { sm: 260 } }}
          />

          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              Shares
            </Typography>
            <Box
              data-testid="split-owner-row"
              sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
            >
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>You</Typography>
                {ownEmail && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {ownEmail}
                  </Typography>
                )}
              </Box>
              {percentField('split-own-percent', 'Your share', own, (v) => {
                setRefusal(null);
                setOwn(v);
              })}
              {/* The room a row's Remove button takes, so the percentages line up. */}
              <Box sx={{ width: 40, flexShrink: 0, display: { xs: 'none', sm: 'block' } }} />
            </Box>
            {rows.map((r, i) => (
              <Box
                key={r.key}
                role="group"
                aria-label={`Collaborator ${i + 1}`}
                sx={{
                  display: 'flex',
                  gap: 1.5,
                  alignItems: 'flex-start',
                  flexWrap: { xs: 'wrap', sm: 'nowrap' },
                  pt: { xs: 2, sm: 0 },
                  borderTop: { xs: 1, sm: 0 },
                  borderColor: 'divider',
                }}
              >
                <TextField
                  id={`split-email-${r.key}`}
                  label={`Collaborator ${i + 1} email`}
                  type="email"
                  value={r.email}
                  onChange={(e) => change(r.key, 'email', e.target.value)}
                  required
                  sx={{ flex: 2, minWidth: { xs: '100%', sm: 0 } }}
                />
                <TextField
                  id={`split-name-${r.key}`}
                  label={`Collaborator ${i + 1} name (optional)`}
                  value={r.name}
                  onChange={(e) => change(r.key, 'name', e.target.value)}
                  sx={{ flex: 1.5, minWidth: { xs: '100%', sm: 0 } }}
                />
                {percentField(`split-percent-${r.key}`, `Collaborator ${i + 1} share`, r.percent, (v) =>
                  change(r.key, 'percent', v),
                )}
                <IconButton
                  aria-label={`Remove collaborator ${i + 1}`}
                  onClick={() => {
                    setRefusal(null);
                    setRows((all) => all.filter((x) => x.key !== r.key));
                  }}
                  sx={{ mt: { sm: 1 } }}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Box>
            ))}
            <Box>
              <Button
                startIcon={<AddIcon />}
                onClick={() => setRows((all) => [...all, row()])}
                disabled={rows.length + 1 >= MAX_SPLIT_PAYEES}
              >
                Add Collaborator
              </Button>
            </Box>
          </Box>

          <Typography
            data-testid="split-total"
            aria-live="polite"
            sx={{ fontWeight: 700 }}
            color={total === 10_000n ? 'success.main' : 'error'}
          >
            Total {hundredthsText(total)}%
            {total !== 10_000n && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                (the shares must add up to exactly 100%)
              </Typography>
            )}
          </Typography>
          {refusal && (
            <Alert severity="error" onClose={() => setRefusal(null)}>
              {refusal}
            </Alert>
          )}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onSave} disabled={!ready}>
          {save.isPending ? 'Saving…' : 'Save Split'}
        </Button>
      </DialogActions>
      {confirmItsYou.dialog}
    </Dialog>
  );
}
