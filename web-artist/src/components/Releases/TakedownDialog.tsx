import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { ApiError, serverMessage } from '../../api/client.ts';
import { releaseChangesQuery, releaseDeliveriesQuery, requestTakedown } from '../../api/deliveries.ts';
import { RELEASES_KEY, type Release } from '../../api/releases.ts';
import { useLoggedOutFlow } from '../Auth/useLoggedOutFlow.ts';
import { useToast } from '../Toast/Toast.tsx';
import { requestText } from './deliveryWords.ts';
import { localToday } from './releaseTiming.ts';
import {
  countryOptions,
  initialTakedown,
  releaseStores,
  takedownProblems,
  takedownRequest,
  takedownSummary,
  type CountryOption,
  type TakedownForm,
  type TakedownProblems,
} from './takedownForm.ts';

/** A question of the form (From, Where, When): its two answers as radio buttons, and what the second opens. */
function Choice<V extends string>({
  name,
  label,
  value,
  options,
  onChange,
  children,
}: {
  name: string;
  label: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V) => void;
  children?: ReactNode;
}) {
  return (
    <FormControl component="fieldset" sx={{ display: 'grid', gap: 1 }}>
      <FormLabel component="legend" id={`${name}-label`} sx={{ fontWeight: 700, color: 'text.primary' }}>
        {label}
      </FormLabel>
      <RadioGroup
        row
        name={name}
        aria-labelledby={`${name}-label`}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
      >
        {options.map((o) => (
          <FormControlLabel key={o.value} value={o.value} control={<Radio />} label={o.label} />
        ))}
      </RadioGroup>
      {children}
    </FormControl>
  );
}

/**
 * Take Down, for a live release (docs/delivery.md, "What the artist sees"): from every store it goes to or
 * some, everywhere or in some countries (picked by name, sent as codes), now or from a date (today or
 * later). A refusal (a date past, a release removed for good) is shown in the server's words above the
 * buttons; once asked, a toast says so and the release lists the request. Mount it only while open, so
 * each opening starts afresh.
 */
export function TakedownDialog({ release, onClose }: { release: Release; onClose: () => void }) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const queryClient = useQueryClient();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const stores = useMemo(() => releaseStores(release), [release]);
  const countries = useMemo(() => countryOptions(), []);
  const [form, setForm] = useState<TakedownForm>(initialTakedown);
  const [problems, setProblems] = useState<TakedownProblems>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const today = localToday();
  const titleId = `takedown-${release.id}-title`;

  const change = <K extends keyof TakedownForm>(
    field: K,
    value: TakedownForm[K],
    clears?: keyof TakedownProblems,
  ) => {
    setRefusal(null);
    setForm((f) => ({ ...f, [field]: value }));
    if (clears)
      setProblems((all) => {
        const rest = { ...all };
        delete rest[clears];
        return rest;
      });
  };

  const send = useMutation({
    mutationFn: (form: TakedownForm) => requestTakedown(release.id, takedownRequest(form)),
    onSuccess: (asked) => {
      void queryClient.invalidateQueries({ queryKey: releaseChangesQuery(release.id).queryKey });
      void queryClient.invalidateQueries({ queryKey: releaseDeliveriesQuery(release.id).queryKey });
      toast({
        title: 'Takedown Requested',
        description: `${requestText(asked)}. Each store's answer shows on the release.`,
      });
      onClose();
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      // Refused as the release now stands (removed for good, or no longer live): the card shows what changed.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: RELEASES_KEY });
      setRefusal(serverMessage(error) ?? 'The takedown could not be requested. Please try again.');
    },
  });

  const onSubmit = () => {
    if (send.isPending) return;
    const found = takedownProblems(form, today);
    setProblems(found);
    setRefusal(null);
    if (Object.keys(found).length) return;
    send.mutate(form);
  };

  // In the order picked, as the summary names them.
  const picked = form.countries.flatMap((code) => countries.filter((c) => c.code === code));

  return (
    <Dialog
      open
      onClose={() => !send.isPending && onClose()}
      fullWidth
      fullScreen={phone}
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        Take Down “{release.title}”
      </DialogTitle>
      <DialogContent>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
          sx={{ display: 'grid', gap: 2.5, pt: 1 }}
        >
          <Typography variant="body2" color="text.secondary">
            The stores are asked to stop selling and streaming it. Each store takes it down once it has the
            request; the release shows where each one stands.
          </Typography>

          <Choice
            name={`takedown-${release.id}-from`}
            label="From"
            value={form.from}
            options={[
              { value: 'all', label: 'All stores' },
              { value: 'some', label: 'Some stores' },
            ]}
            onChange={(v) => change('from', v, 'stores')}
          >
            {form.from === 'some' && (
              <Box
                role="group"
                aria-label={`Stores (${form.stores.length} selected)`}
                aria-describedby={problems.stores ? `takedown-${release.id}-stores-problem` : undefined}
              >
                <Box
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' },
                    columnGap: 1,
                  }}
                >
                  {stores.map((store) => (
                    <FormControlLabel
                      key={store.id}
                      control={
                        <Checkbox
                          size="small"
                          checked={form.stores.includes(store.id)}
                          onChange={(e) =>
                            change(
                              'stores',
                              e.target.checked
                                ? [...form.stores, store.id]
                                : form.stores.filter((s) => s !== store.id),
                              'stores',
                            )
                          }
                        />
                      }
                      label={store.name}
                      sx={{ minWidth: 0, '& .MuiFormControlLabel-label': { fontSize: '0.9rem' } }}
                    />
                  ))}
                </Box>
                {problems.stores && (
                  <FormHelperText error id={`takedown-${release.id}-stores-problem`}>
                    {problems.stores}
                  </FormHelperText>
                )}
              </Box>
            )}
          </Choice>

          <Choice
            name={`takedown-${release.id}-where`}
            label="Where"
            value={form.where}
            options={[
              { value: 'everywhere', label: 'Everywhere' },
              { value: 'some', label: 'Some countries' },
            ]}
            onChange={(v) => change('where', v, 'countries')}
          >
            {form.where === 'some' && (
              <Autocomplete<CountryOption, true>
                multiple
                id={`takedown-${release.id}-countries`}
                options={countries}
                value={picked}
                onChange={(_e, value) =>
                  change(
                    'countries',
                    value.map((c) => c.code),
                    'countries',
                  )
                }
                getOptionLabel={(c) => c.name}
                isOptionEqualToValue={(a, b) => a.code === b.code}
                filterSelectedOptions
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Countries"
                    placeholder={picked.length ? undefined : "Type a country's name"}
                    error={Boolean(problems.countries)}
                    helperText={problems.countries ?? 'It stays on the stores everywhere else'}
                  />
                )}
              />
            )}
          </Choice>

          <Choice
            name={`takedown-${release.id}-when`}
            label="When"
            value={form.when}
            options={[
              { value: 'now', label: 'Now' },
              { value: 'date', label: 'From a date' },
            ]}
            onChange={(v) => change('when', v, 'date')}
          >
            {form.when === 'date' && (
              <TextField
                id={`takedown-${release.id}-date`}
                type="date"
                label="Takedown date"
                value={form.date}
                onChange={(e) => change('date', e.target.value, 'date')}
                required
                error={Boolean(problems.date)}
                helperText={problems.date ?? 'Today or later: the first day it is off the stores'}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
                sx={{ maxWidth: { sm: 260 } }}
              />
            )}
          </Choice>

          <Typography variant="body2" data-testid="takedown-summary" aria-live="polite">
            <strong>Takedown:</strong> {takedownSummary(form)}
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
        <Button onClick={onClose} disabled={send.isPending}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={onSubmit} disabled={send.isPending}>
          {send.isPending ? 'Requesting…' : 'Request Takedown'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
