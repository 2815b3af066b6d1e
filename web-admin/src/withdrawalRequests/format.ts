import { formatMoney, withdrawalRequestNote, type WithdrawalRequestResponse } from '@riffline/contracts';

/** The amount asked for, in USD as requests are kept. */
export const amount = (r: WithdrawalRequestResponse) => formatMoney(r.amount, 'USD');
/** Where the money goes, masked by the API ('UPI name@bank', 'Bank ••••1234 (HDFC0001234)'). */
export const payTo = (r: WithdrawalRequestResponse) => r.paymentMethod?.label ?? '—';
/** The admin's note, or once completed 'Paid, reference …' (the approval's 24-hour note is over by then). */
export const note = (r: WithdrawalRequestResponse) => withdrawalRequestNote(r) ?? '—';
