import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';

interface ReasonDialogProps {
  open: boolean;
  /** Already translated. */
  title: string;
  confirmLabel: string;
  helperText: string;
  /** When set, an empty reason is refused with this message. */
  requiredMessage?: string;
  loading?: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  /** The field's label (translated), 'Reason' unless set; a reply, for instance. */
  label?: string;
  /** The confirm button's colour: red for a refusal (the default), another colour for anything else. */
  tone?: 'error' | 'primary' | 'success';
  maxLength?: number;
  /** Already translated: what the action does, above the field. */
  content?: string;
  /** A one-line field (a reference) instead of a paragraph. */
  singleLine?: boolean;
}

/**
 * A refusal that says why: the text the artist reads (a rejected release, a declined payout). With `label`
 * and `tone`, any short text an action sends (a reply to a contact message, a payout's payment reference).
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open, title, confirmLabel, helperText, requiredMessage, loading, onConfirm, onClose } = props;
  const { label, tone = 'error', maxLength = 2000, content, singleLine } = props;
  const translate = useTranslate();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text && requiredMessage) {
      setError(requiredMessage);
      return;
    }
    onConfirm(text);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      onClick={(e) => e.stopPropagation()}
      slotProps={{ transition: { onExited: () => (setReason(''), setError(null)) } }}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {content && <DialogContentText>{content}</DialogContentText>}
          <TextField
            autoFocus
            fullWidth
            multiline={!singleLine}
            minRows={singleLine ? undefined : 3}
            autoComplete="off"
            margin="dense"
            label={label ?? translate('riffline.reason')}
            value={reason}
            onChange={(e) => (setReason(e.target.value), setError(null))}
            error={Boolean(error)}
            helperText={error ?? helperText}
            required={Boolean(requiredMessage)}
            slotProps={{ htmlInput: { maxLength } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={loading}>
            {translate('riffline.cancel')}
          </Button>
          <Button type="submit" color={tone} variant="contained" disabled={loading}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
