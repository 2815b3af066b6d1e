import { Box, Button, InputAdornment, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../api/client.ts';
import { slugRefusal, smartLinkQuery, updateSmartLink, type SmartLink } from '../../api/smartlinks.ts';
import { useLoggedOutFlow } from '../Auth/useLoggedOutFlow.ts';
import { useToast } from '../Toast/Toast.tsx';
import { checkSlug } from './smartLinkView.ts';

/** `https://riffline.example/l/` of `https://riffline.example/l/night-transit`. */
function addressBefore(smartLink: SmartLink): string {
  return smartLink.url.endsWith(smartLink.slug)
    ? smartLink.url.slice(0, smartLink.url.length - smartLink.slug.length)
    : `${window.location.origin}/l/`;
}

/**
 * Edit Slug: the page's address after `/l/`, checked as the server checks it (the contracts' `Slug`) before
 * it is sent; the server's refusals (not allowed, already taken) show under the field. Saved, the old
 * address stops answering.
 */
export function SlugForm({ smartLink, onDone }: { smartLink: SmartLink; onDone: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const [text, setText] = useState(smartLink.slug);
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const fieldId = `smartlink-${smartLink.releaseId}-slug`;

  const save = useMutation({
    mutationFn: (slug: string) => updateSmartLink(smartLink.releaseId, { slug }),
    onSuccess: (updated) => {
      queryClient.setQueryData(smartLinkQuery(smartLink.releaseId).queryKey, updated);
      toast({
        title: 'Link Changed',
        description: `Your SmartLink is now ${updated.url}. The old address no longer opens it.`,
      });
      onDone();
    },
    onError: (failure) => {
      if (loggedOut(failure)) return;
      const refusal = slugRefusal(failure);
      if (refusal) {
        setError(refusal);
        return;
      }
      toast({
        title: 'Not Saved',
        description: serverMessage(failure) ?? 'The slug could not be saved. Please try again.',
        variant: 'destructive',
      });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const checked = checkSlug(text);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    if (checked.slug === smartLink.slug) {
      onDone();
      return;
    }
    save.mutate(checked.slug);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label="Edit Slug"
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        id={fieldId}
        label="Slug"
        size="small"
        value={text}
        autoFocus
        onChange={(event) => {
          setText(event.target.value);
          // Once Save was pressed, the field says at once whether the new text would do.
          if (tried) {
            const checked = checkSlug(event.target.value);
            setError('error' in checked ? checked.error : null);
          }
        }}
        error={Boolean(error)}
        helperText={error ?? '3 to 40 lowercase letters, digits or single hyphens'}
        disabled={save.isPending}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start" sx={{ mr: 0, display: { xs: 'none', sm: 'flex' } }}>
                {addressBefore(smartLink)}
              </InputAdornment>
            ),
          },
          htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false, maxLength: 60 },
        }}
        sx={{ flex: '1 1 18rem', minWidth: 0 }}
      />
      <Box sx={{ display: 'flex', gap: 1, pt: 0.25 }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </Box>
    </Box>
  );
}
