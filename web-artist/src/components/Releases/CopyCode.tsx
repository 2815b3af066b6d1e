import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import { useToast } from '../Toast/Toast.tsx';

/**
 * A release's UPC or a track's ISRC, with a button that copies it (the stores, the artist's own pages and
 * the collecting societies ask for these codes). `shown` is how it reads (an ISRC with its hyphens);
 * the code itself is what is copied.
 */
export function CopyCode({
  label,
  code,
  shown = code,
  name,
}: {
  label: 'UPC' | 'ISRC';
  code: string;
  shown?: string;
  /** What the code belongs to, for the button's name: 'Copy the ISRC of track 2'. */
  name: string;
}) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast({ title: `${label} Copied`, description: `${shown} is on your clipboard.` });
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Your browser did not allow it: select the code and copy it.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" component="span">
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="span"
        data-testid={label.toLowerCase()}
        sx={{ fontFamily: 'monospace', fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {shown}
      </Typography>
      <Tooltip title={`Copy ${label}`}>
        <IconButton size="small" aria-label={`Copy the ${label} of ${name}`} onClick={() => void copy()}>
          <ContentCopyIcon fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
