import ImageIcon from '@mui/icons-material/Image';
import { Alert, Avatar, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import {
  pricingTiers,
  RECORD_LABEL,
  releaseGenres,
  releaseTypes,
  type PricingTier,
  type ReleaseGenre,
  type ReleaseType,
} from '@riffline/contracts';
import { readImageSize, useObjectUrl } from '../../../components/Releases/imageFiles.ts';
import { genreLabels, pricingLabels } from '../../../components/Releases/labels.ts';
import { localToday, releaseDateWarning } from '../../../components/Releases/releaseTiming.ts';
import {
  changeReleaseType,
  checkArtworkFile,
  COVER_HINT,
  pickCover,
  releaseTypeLabels,
  setField,
  type ReleaseForm,
} from '../../../components/Releases/wizardRules.ts';
import { fieldError, type StepProps } from './types.ts';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The cover art: required, checked here as the upload checks it (JPG or PNG, square, at least 3000×3000
 * pixels: the browser reads the picture), uploaded once the release exists.
 */
function CoverField({ state, errors, apply }: StepProps) {
  const { cover } = state;
  const preview = useObjectUrl(cover);
  const [checking, setChecking] = useState(false);
  const error = errors.cover;
  const pick = (file: File) => {
    // The type and size first: a file that fails them is not read at all.
    if (checkArtworkFile(file)) return apply((s) => pickCover(s, file, null));
    setChecking(true);
    void readImageSize(file).then((size) => {
      setChecking(false);
      apply((s) => pickCover(s, file, size));
    });
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Cover Art *
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Avatar
          variant="rounded"
          src={preview}
          alt={cover ? 'The chosen cover art' : undefined}
          sx={{ width: 88, height: 88, bgcolor: 'action.hover', color: 'text.secondary' }}
        >
          <ImageIcon fontSize="large" aria-hidden />
        </Avatar>
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start', minWidth: 0 }}>
          <Button component="label" variant="outlined" startIcon={<ImageIcon />} disabled={checking}>
            {cover ? 'Change Cover' : 'Choose Cover'}
            <input
              hidden
              type="file"
              accept=".jpg,.jpeg,.png,image/jpeg,image/png"
              aria-label="Cover art file"
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                // Cleared either way, as the audio fields are: the choice lives in the wizard's state.
                e.target.value = '';
                if (file) pick(file);
              }}
            />
          </Button>
          <Typography
            variant="body2"
            color="text.secondary"
            data-testid="cover-file"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {checking
              ? 'Checking the picture…'
              : cover
                ? `${cover.name} (${fileSize(cover.size)})`
                : 'No file chosen'}
          </Typography>
          <Typography variant="caption" color={error ? 'error' : 'text.secondary'}>
            {error ?? `${COVER_HINT}. It uploads once the release is created.`}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}

/** Step 1: release info (SPEC §2), with the cover art. */
export function ReleaseInfoStep({ state, errors, apply }: StepProps) {
  const { form } = state;
  const today = localToday();
  const dateWarning = errors.releaseDate ? null : releaseDateWarning(form.releaseDate, today);
  const text = (name: keyof ReleaseForm) => ({
    value: form[name] as string,
    onChange: (e: { target: { value: string } }) =>
      apply((s) => setField(s, name, e.target.value as ReleaseForm[typeof name])),
  });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={grid}>
        <TextField
          id="release-title"
          label="Release Title"
          required
          {...text('title')}
          {...fieldError(errors, 'title')}
        />
        <TextField
          id="release-artist"
          label="Artist"
          required
          {...text('artist')}
          {...fieldError(errors, 'artist', 'The primary artist of the release')}
        />
        <TextField
          id="release-genre"
          select
          label="Primary Genre"
          required
          value={form.genre}
          onChange={(e) => apply((s) => setField(s, 'genre', e.target.value as ReleaseGenre))}
          {...fieldError(errors, 'genre')}
        >
          {releaseGenres.map((g) => (
            <MenuItem key={g} value={g}>
              {genreLabels[g]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="release-secondary-genre"
          select
          label="Secondary Genre"
          value={form.secondaryGenre}
          onChange={(e) => apply((s) => setField(s, 'secondaryGenre', e.target.value as ReleaseGenre | ''))}
          {...fieldError(errors, 'secondaryGenre')}
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {releaseGenres.map((g) => (
            <MenuItem key={g} value={g}>
              {genreLabels[g]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="release-type"
          select
          label="Release Type"
          required
          value={form.releaseType}
          onChange={(e) => apply((s) => changeReleaseType(s, e.target.value as ReleaseType))}
          {...fieldError(errors, 'releaseType')}
        >
          {releaseTypes.map((t) => (
            <MenuItem key={t} value={t}>
              {releaseTypeLabels[t]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="release-pricing"
          select
          label="Pricing Tier"
          required
          value={form.pricingTier}
          onChange={(e) => apply((s) => setField(s, 'pricingTier', e.target.value as PricingTier))}
          {...fieldError(errors, 'pricingTier')}
        >
          {pricingTiers.map((p) => (
            <MenuItem key={p} value={p}>
              {pricingLabels[p]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="release-date"
          type="date"
          label="Release Date"
          required
          {...text('releaseDate')}
          {...fieldError(errors, 'releaseDate', 'Select a future date')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
        />
        <TextField
          id="release-time"
          type="time"
          label="Release Time"
          {...text('releaseTime')}
          {...fieldError(errors, 'releaseTime')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      {dateWarning && (
        <Alert severity="warning" data-testid="release-date-warning">
          {dateWarning}
        </Alert>
      )}
      <CoverField state={state} errors={errors} apply={apply} />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          Release Artists (up to 3)
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}>
          {form.releaseArtists.map((name, i) => (
            <TextField
              key={i}
              id={`release-artist-${i + 1}`}
              label={`Release Artist ${i + 1}`}
              value={name}
              onChange={(e) =>
                apply((s) =>
                  setField(
                    s,
                    'releaseArtists',
                    s.form.releaseArtists.map((v, j) => (j === i ? e.target.value : v)),
                  ),
                )
              }
            />
          ))}
        </Box>
        {errors.releaseArtists && (
          <Typography color="error" variant="caption">
            {errors.releaseArtists}
          </Typography>
        )}
      </Box>
      <Box sx={grid}>
        <TextField
          id="release-copyright-holder"
          label="Copyright Holder"
          {...text('copyrightHolder')}
          {...fieldError(errors, 'copyrightHolder')}
        />
        <TextField
          id="release-copyright-year"
          type="number"
          label="Copyright Year"
          {...text('copyrightYear')}
          {...fieldError(errors, 'copyrightYear')}
        />
        <TextField
          id="release-production-holder"
          label="Production Holder"
          {...text('productionHolder')}
          {...fieldError(errors, 'productionHolder')}
        />
        <TextField
          id="release-production-year"
          type="number"
          label="Production Year"
          {...text('productionYear')}
          {...fieldError(errors, 'productionYear')}
        />
      </Box>
      <TextField
        id="release-record-label"
        label="Record Label"
        value={RECORD_LABEL}
        helperText="Every release comes out on our label"
        slotProps={{ htmlInput: { readOnly: true, 'aria-readonly': true } }}
      />
    </Box>
  );
}
