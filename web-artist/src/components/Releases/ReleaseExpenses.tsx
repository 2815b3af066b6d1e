import AddIcon from '@mui/icons-material/Add';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Splits } from '../../api/splits.ts';
import { serverMessage } from '../../api/client.ts';
import { createExpense, deleteExpense, releaseExpensesQuery } from '../../api/expenses.ts';
import { useLoggedOutFlow } from '../Auth/useLoggedOutFlow.ts';
import { LoadFailed } from '../Page/LoadFailed.tsx';
import { useConfirmItsYou } from '../SecondFactor/ConfirmItsYouDialog.tsx';
import { keepDraft, takeDraft } from '../SecondFactor/drafts.ts';
import { useToast } from '../Toast/Toast.tsx';

/**
 * A release's expenses (docs/splits.md, Recoupment): each with who paid it, what is repaid and left, the
 * total left to recoup, Add Expense and, while nothing is repaid on one, Delete. Recording or deleting one
 * changes who is paid, so both may ask for "Confirm it's you" like Change Split.
 */
export function ReleaseExpenses({
  releaseId,
  splits,
  money,
  resume = false,
}: {
  releaseId: string;
  splits: Splits | undefined;
  /** Formats USD as the section shows money. */
  money: (usd: string) => string;
  /** Back from signing in again to record one: Add Expense opens with the form as it was. */
  resume?: boolean;
}) {
  const expenses = useQuery(releaseExpensesQuery(releaseId));
  const [adding, setAdding] = useState(resume);
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const confirmItsYou = useConfirmItsYou();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: releaseExpensesQuery(releaseId).queryKey });
  };
  const remove = useMutation({
    mutationFn: (expenseId: string) => deleteExpense(releaseId, expenseId),
    onSuccess: () => {
      refresh();
      toast({ title: 'Expense Deleted', description: 'It will not be repaid.' });
    },
    onError: (error) => {
      if (loggedOut(error) || confirmItsYou.handle(error, `/releases?split=${releaseId}`)) return;
      toast({ title: 'Not done', description: serverMessage(error) ?? 'Try again.', variant: 'destructive' });
    },
  });
  // The collaborators an expense may name: the payees of the split, but for withdrawn invites.
  const collaborators = (splits?.payees ?? []).filter(
    (p) => p.status === 'invited' || p.status === 'accepted',
  );

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="subtitle2" component="p" sx={{ mr: 'auto' }}>
          Expenses
        </Typography>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          disabled={!expenses.data}
        >
          Add Expense
        </Button>
      </Box>
      {expenses.error && (
        <LoadFailed onRetry={() => void expenses.refetch()}>
          This release’s expenses could not be loaded.
        </LoadFailed>
      )}
      {expenses.data && expenses.data.expenses.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No expenses. An expense is repaid from this release’s earnings to whoever paid it before the rest is
          split.
        </Typography>
      )}
      {expenses.data && expenses.data.expenses.length > 0 && (
        <>
          <Box
            component="ul"
            aria-label="Expenses"
            sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
          >
            {expenses.data.expenses.map((e) => (
              <Box
                component="li"
                key={e.id}
                data-testid="release-expense"
                sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}
              >
                <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {money(e.amountUsd)} · paid by{' '}
                    {e.paidBy.status === 'owner' ? 'you' : (e.paidBy.name ?? e.paidBy.email)}
                  </Typography>
                  {e.note && (
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {e.note}
                    </Typography>
                  )}
                </Box>
                <Typography variant="body2" sx={{ ml: 'auto' }}>
                  Repaid <strong>{money(e.repaid)}</strong>
                  {' · '}Left <strong>{money(e.left)}</strong>
                </Typography>
                {e.repaid === '0.00' && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => remove.mutate(e.id)}
                    disabled={remove.isPending}
                  >
                    Delete
                  </Button>
                )}
              </Box>
            ))}
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }}>
            Left to recoup <strong>{money(expenses.data.leftToRecoup)}</strong>
          </Typography>
        </>
      )}
      {adding && (
        <AddExpenseDialog
          releaseId={releaseId}
          collaborators={collaborators}
          onSaved={refresh}
          onClose={() => setAdding(false)}
          confirmItsYou={confirmItsYou.handle}
        />
      )}
      {confirmItsYou.dialog}
    </Box>
  );
}

/** Where Add Expense is kept while the artist signs in again with their authenticator app (the step-up). */
const expenseDraftKey = (releaseId: string) => `riffline.expenseDraft.${releaseId}`;

function AddExpenseDialog({
  releaseId,
  collaborators,
  onSaved,
  onClose,
  confirmItsYou,
}: {
  releaseId: string;
  collaborators: Array<{ payeeId: string; email: string | null; name: string | null }>;
  onSaved: () => void;
  onClose: () => void;
  confirmItsYou: (error: unknown, returnTo: string) => boolean;
}) {
  const toast = useToast();
  const loggedOut = useLoggedOutFlow();
  const [draft] = useState(() => takeDraft(expenseDraftKey(releaseId)));
  const text = (value: unknown, otherwise: string) => (typeof value === 'string' ? value : otherwise);
  const [amountUsd, setAmount] = useState(text(draft?.amountUsd, ''));
  const [paidBy, setPaidBy] = useState(text(draft?.paidBy, 'owner'));
  const [note, setNote] = useState(text(draft?.note, ''));
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      createExpense(releaseId, { amountUsd: amountUsd.trim(), paidBy, note: note.trim() || undefined }),
    onSuccess: () => {
      onSaved();
      toast({
        title: 'Expense Recorded',
        description: 'It is repaid from this release’s earnings before any split.',
      });
      onClose();
    },
    onError: (error) => {
      if (loggedOut(error)) return;
      // Who is repaid first changes who is paid: a recent sign-in with the authenticator app is needed.
      if (confirmItsYou(error, `/releases?split=${releaseId}&expense=1`)) {
        keepDraft(expenseDraftKey(releaseId), { amountUsd, paidBy, note });
        return onClose();
      }
      setRefusal(serverMessage(error) ?? 'The expense could not be recorded. Please try again.');
    },
  });
  const ready = /^\d{1,8}(\.\d{1,2})?$/.test(amountUsd.trim()) && /[1-9]/.test(amountUsd) && !save.isPending;

  return (
    <Dialog open onClose={onClose} aria-labelledby={`add-expense-${releaseId}`} fullWidth maxWidth="xs">
      <DialogTitle id={`add-expense-${releaseId}`}>Add Expense</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <DialogContentText>
          This release’s earnings repay it to whoever paid it, expenses in the order recorded, before the rest
          is split.
        </DialogContentText>
        <TextField
          label="Amount (USD)"
          value={amountUsd}
          onChange={(e) => {
            setRefusal(null);
            setAmount(e.target.value);
          }}
          inputMode="decimal"
          placeholder="100.00"
          required
        />
        <TextField select label="Paid by" value={paidBy} onChange={(e) => setPaidBy(e.target.value)}>
          <MenuItem value="owner">You</MenuItem>
          {collaborators.map((p) => (
            <MenuItem key={p.payeeId} value={p.payeeId}>
              {p.name ?? p.email}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        {refusal && (
          <Typography role="alert" color="error" variant="body2">
            {refusal}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => save.mutate()} disabled={!ready}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
