import {
  Box,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  selectableStores,
  storeDistributions,
  storeIds,
  type StoreDistribution,
  type StoreId,
} from '@riffline/contracts';
import { distributionLabels } from '../../../components/Releases/labels.ts';
import {
  setField,
  updateTrack,
  visibleFields,
  type ReleaseForm,
} from '../../../components/Releases/wizardRules.ts';
import { fieldError, type StepProps } from './types.ts';

type SwitchName = 'hasCountryRestrictions' | 'previouslyReleased' | 'autoDistributeToNewStores';

/**
 * Step 4: release settings; each dependent field shows only while its switch is on (SPEC §2, §5). A release
 * that came out before may bring the codes it already has: its UPC and each track's ISRC (blank: one is
 * given on approval).
 */
export function SettingsStep({ state, errors, apply }: StepProps) {
  const { form } = state;
  const show = visibleFields(form);
  const toggle = (name: SwitchName, label: string) => (
    <FormControlLabel
      control={
        <Switch checked={form[name]} onChange={(e) => apply((s) => setField(s, name, e.target.checked))} />
      }
      label={label}
    />
  );
  const text = (name: keyof ReleaseForm) => ({
    value: form[name] as string,
    onChange: (e: { target: { value: string } }) =>
      apply((s) => setField(s, name, e.target.value as ReleaseForm[typeof name])),
  });
  const toggleStore = (id: StoreId, on: boolean) =>
    apply((s) =>
      setField(
        s,
        'selectedStores',
        on ? [...s.form.selectedStores, id] : s.form.selectedStores.filter((x) => x !== id),
      ),
    );

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Box sx={{ display: 'grid', gap: 1 }}>
        {toggle('hasCountryRestrictions', 'Country Restrictions')}
        {show.restrictedCountries && (
          <TextField
            id="release-restricted-countries"
            label="Restricted Countries"
            placeholder="US, GB, IN"
            {...text('restrictedCountries')}
            {...fieldError(
              errors,
              'restrictedCountries',
              'Country codes separated by commas: the release is not sold there',
            )}
          />
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 1 }}>
        {toggle('previouslyReleased', 'Previously Released')}
        {show.originalReleaseDate && (
          <TextField
            id="release-original-date"
            type="date"
            label="Original Release Date"
            {...text('originalReleaseDate')}
            {...fieldError(errors, 'originalReleaseDate')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        )}
        {show.ownCodes && (
          <Box
            component="fieldset"
            sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}
            aria-describedby="release-own-codes-hint"
          >
            <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
              Codes it already has
            </Typography>
            <Typography id="release-own-codes-hint" variant="body2" color="text.secondary">
              Optional: keep the UPC and ISRCs it was released with so its store reports keep matching. Left
              blank, new ones are given on approval.
            </Typography>
            <TextField
              id="release-upc"
              label="UPC"
              placeholder="036000291452"
              {...text('upc')}
              {...fieldError(errors, 'upc', '12 or 13 digits (UPC-A or EAN-13)')}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
            />
            {state.tracks.map((track, index) => (
              <TextField
                key={track.key}
                id={`track-${track.key}-isrc`}
                label={`ISRC of track ${track.trackNumber}${track.title.trim() ? ` (${track.title.trim()})` : ''}`}
                placeholder="CC-XXX-YY-NNNNN"
                value={track.isrc}
                onChange={(e) => apply((s) => updateTrack(s, track.key, 'isrc', e.target.value))}
                {...fieldError(errors, `tracks.${index}.isrc`, 'CC-XXX-YY-NNNNN, hyphens optional')}
                slotProps={{ htmlInput: { autoComplete: 'off', autoCapitalize: 'characters' } }}
              />
            ))}
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 1 }}>
        <TextField
          id="release-store-distribution"
          select
          label="Store Distribution"
          value={form.storeDistribution}
          onChange={(e) =>
            apply((s) => setField(s, 'storeDistribution', e.target.value as StoreDistribution))
          }
        >
          {storeDistributions.map((d) => (
            <MenuItem key={d} value={d}>
              {distributionLabels[d]}
            </MenuItem>
          ))}
        </TextField>
        {show.selectedStores && (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
              Stores ({form.selectedStores.length} selected)
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' },
                columnGap: 1,
              }}
            >
              {storeIds.map((id) => (
                <FormControlLabel
                  key={id}
                  control={
                    <Checkbox
                      size="small"
                      checked={form.selectedStores.includes(id)}
                      onChange={(e) => toggleStore(id, e.target.checked)}
                    />
                  }
                  label={selectableStores[id]}
                  sx={{ minWidth: 0, '& .MuiFormControlLabel-label': { fontSize: '0.9rem' } }}
                />
              ))}
            </Box>
            {errors.selectedStores && <FormHelperText error>{errors.selectedStores}</FormHelperText>}
          </Box>
        )}
      </Box>
      {toggle('autoDistributeToNewStores', 'Auto-distribute to new stores')}
    </Box>
  );
}
