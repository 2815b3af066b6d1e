import { zodResolver } from '@hookform/resolvers/zod';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  TextField,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { ApplicationBody, applicationGenres } from '@riffline/contracts';
import { submitApplication, type Application } from '../../api/applications.ts';
import { ApiError } from '../../api/client.ts';
import { useLoggedOutFlow } from '../../components/Auth/useLoggedOutFlow.ts';
import { useToast } from '../../components/Toast/Toast.tsx';

/** The API's rules plus the terms box, which stays in the browser (SPEC §5). */
const FormSchema = ApplicationBody.extend({
  terms: z.literal(true, { error: 'You must agree to the terms and conditions' }),
});
type FormInput = z.input<typeof FormSchema>;
type FormOutput = z.output<typeof FormSchema>;

const genreLabels: Record<(typeof applicationGenres)[number], string> = {
  'hip-hop': 'Hip-Hop',
  pop: 'Pop',
  'r&b': 'R&B',
  electronic: 'Electronic',
  rock: 'Rock',
  indie: 'Indie',
  latin: 'Latin',
  afrobeats: 'Afrobeats',
  country: 'Country',
  jazz: 'Jazz',
  other: 'Other',
};

const empty: FormInput = {
  legalName: '',
  phone: '',
  artistName: '',
  age: '' as unknown as number,
  genre: '' as FormInput['genre'],
  demoLinks: '',
  artistStory: '',
  instagram: '',
  youtube: '',
  spotify: '',
  terms: false as unknown as true,
};

export function ApplicationForm({ onSubmitted }: { onSubmitted: (application: Application) => void }) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const queryClient = useQueryClient();
  const { control, register, handleSubmit, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(FormSchema),
    defaultValues: empty,
  });
  const submit = useMutation({
    mutationFn: ({ terms: _terms, ...body }: FormOutput) => submitApplication(body),
    onSuccess: (application) => {
      void queryClient.invalidateQueries({ queryKey: ['applications'] });
      toast({ title: 'Application Submitted!', description: 'We will review it within 24-48 hours.' });
      onSubmitted(application);
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      // A conflict says what stands in the way (an application already under review); anything else is
      // the spec's generic failure.
      const conflict = error instanceof ApiError && error.status === 409 ? error.serverMessage : undefined;
      toast({
        title: 'Submission Failed',
        description: conflict ?? 'There was an error submitting your application. Please try again.',
        variant: 'destructive',
      });
    },
  });
  const errors = formState.errors;
  const text = (name: keyof FormInput, label: string, extra: Record<string, unknown> = {}) => ({
    ...register(name),
    id: `apply-${name}`,
    label,
    fullWidth: true,
    error: Boolean(errors[name]),
    helperText: errors[name]?.message as string | undefined,
    ...extra,
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit((values) => submit.mutate(values))}
      sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      <TextField {...text('legalName', 'Legal Name')} required autoComplete="name" />
      <TextField {...text('artistName', 'Artist Name')} required />
      <TextField
        {...text('age', 'Age')}
        required
        type="number"
        slotProps={{ htmlInput: { min: 13, inputMode: 'numeric' } }}
      />
      <TextField {...text('phone', 'Phone (optional)')} type="tel" autoComplete="tel" />
      <Controller
        control={control}
        name="genre"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            id="apply-genre"
            select
            required
            label="Genre"
            fullWidth
            error={Boolean(fieldState.error)}
            helperText={fieldState.error ? 'Choose a genre' : undefined}
          >
            {applicationGenres.map((genre) => (
              <MenuItem key={genre} value={genre}>
                {genreLabels[genre]}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        {...text('instagram', 'Instagram URL')}
        required
        type="url"
        placeholder="https://instagram.com/yourname"
      />
      <TextField
        {...text('youtube', 'YouTube URL')}
        required
        type="url"
        placeholder="https://youtube.com/@yourname"
      />
      <TextField
        {...text('spotify', 'Spotify URL (optional)')}
        type="url"
        placeholder="https://open.spotify.com/artist/…"
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TextField
          {...text('demoLinks', 'Demo Links (optional)')}
          placeholder="Links to tracks we can listen to"
        />
      </Box>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <TextField
          {...text('artistStory', 'Your Artist Story')}
          required
          multiline
          minRows={4}
          placeholder="Who you are, what you make, what you want to release first"
        />
      </Box>
      <FormControl error={Boolean(errors.terms)} sx={{ gridColumn: '1 / -1' }}>
        <Controller
          control={control}
          name="terms"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value === true}
                  onChange={(e) => field.onChange(e.target.checked)}
                  inputProps={{ 'aria-describedby': errors.terms ? 'apply-terms-error' : undefined }}
                />
              }
              label={
                <>
                  I agree to the{' '}
                  <Box component={RouterLink} to="/terms" sx={{ color: 'primary.main' }}>
                    terms and conditions
                  </Box>
                </>
              }
            />
          )}
        />
        {errors.terms && <FormHelperText id="apply-terms-error">{errors.terms.message}</FormHelperText>}
      </FormControl>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button type="submit" variant="contained" size="large" disabled={submit.isPending} fullWidth>
          {submit.isPending ? 'Submitting…' : 'Submit Application'}
        </Button>
      </Box>
    </Box>
  );
}
