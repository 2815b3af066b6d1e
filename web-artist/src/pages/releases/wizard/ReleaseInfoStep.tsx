import { Box, MenuItem, TextField, Typography } from '@mui/material';
import {
  pricingTiers,
  RECORD_LABEL,
  releaseGenres,
  releaseTypes,
  type PricingTier,
  type ReleaseGenre,
  type ReleaseType,
} from '@riffline/contracts';
import { genreLabels, pricingLabels } from '../../../components/Releases/labels.ts';
import {
  changeReleaseType,
  releaseTypeLabels,
  setField,
  type ReleaseForm,
} from '../../../components/Releases/wizardRules.ts';
import { fieldError, type StepProps } from './types.ts';

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

/** Step 1: release info (SPEC §2). */
export function ReleaseInfoStep({ state, errors, apply }: StepProps) {
  const { form } = state;
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
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today() } }}
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
      <TextField
        id="release-album-art"
        type="url"
        label="Album Art URL"
        placeholder="https://"
        {...text('albumArt')}
        {...fieldError(
          errors,
          'albumArt',
          'Square, at least 3000×3000 pixels. You can also upload it later.',
        )}
      />
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
