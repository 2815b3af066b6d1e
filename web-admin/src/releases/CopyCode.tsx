import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useToast } from '../common/Toast.tsx';

/**
 * Copies a release's UPC or a track's ISRC (the code itself, without the hyphens an ISRC is shown with):
 * the team pastes them into store tickets and rights registrations.
 */
export function CopyCode({ label, code, of }: { label: 'UPC' | 'ISRC'; code: string; of: string }) {
  const translate = useTranslate();
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success('riffline.releases.copied', 'riffline.releases.copiedText', { label, code });
    } catch {
      toast.error('riffline.releases.copyFailed', 'riffline.releases.copyFailedText');
    }
  };
  return (
    <Tooltip title={translate('riffline.releases.copy', { label })}>
      <IconButton
        size="small"
        aria-label={translate('riffline.releases.copyOf', { label, of })}
        onClick={() => void copy()}
      >
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}
