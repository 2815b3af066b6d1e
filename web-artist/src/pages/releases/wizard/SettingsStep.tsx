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
import { setField, visibleFields, type ReleaseForm } from '../../../components/Releases/wizardRules.ts';
import { fieldError, type StepProps } from './types.ts';

type SwitchName = 'hasCountryRestrictions' | 'previouslyReleased' | 'autoDistributeToNewStores';

/** Step 4: release settings; each dependent field shows only while its switch is on (SPEC §2, §5). */
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
