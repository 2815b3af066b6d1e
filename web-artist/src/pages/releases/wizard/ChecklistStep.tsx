import { Alert, Box, Checkbox, FormControlLabel, FormGroup, TextField } from '@mui/material';
import { setField } from '../../../components/Releases/wizardRules.ts';
import { fieldError, type StepProps } from './types.ts';

const confirmations = [
  ['explicitContentLabeled', 'Explicit content is labelled: every explicit track is marked Explicit'],
  ['authorizedToDistribute', 'I am authorised to distribute this music'],
  ['noUnauthorizedArtistName', "I am not using another artist's name without permission"],
] as const;

/** Step 3: the distribution checklist (SPEC §2). */
export function ChecklistStep({ state, errors, apply }: StepProps) {
  const { form } = state;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="warning">
        Answer truthfully: wrong answers may delay the distribution of your release. All three confirmations
        are needed before the release can be submitted for distribution.
      </Alert>
      <FormGroup>
        {confirmations.map(([name, label]) => (
          <FormControlLabel
            key={name}
            control={
              <Checkbox
                checked={form[name]}
                onChange={(e) => apply((s) => setField(s, name, e.target.checked))}
              />
            }
            label={label}
            sx={{ alignItems: 'flex-start', mb: 1, '& .MuiCheckbox-root': { pt: 0.5 } }}
          />
        ))}
      </FormGroup>
      <TextField
        id="release-copyright-documentation"
        type="url"
        label="Copyright Documentation URL"
        placeholder="https://"
        value={form.copyrightDocumentation}
        onChange={(e) => apply((s) => setField(s, 'copyrightDocumentation', e.target.value))}
        {...fieldError(
          errors,
          'copyrightDocumentation',
          'Optional: a link to licences or proof of ownership',
        )}
      />
    </Box>
  );
}
