import {
  compareAmounts,
  convertAmount,
  formatMoney,
  MIN_WITHDRAWAL_REQUEST_USD,
  type Currency,
} from '@riffline/contracts';

export const WITHDRAWAL_METHOD_MESSAGE = 'Please select a payment method';
export const WITHDRAWAL_AMOUNT_MESSAGE = 'Please enter a valid amount.';

/** SPEC §9: the 20 USD minimum in the artist's currency, as the dialog shows it: '€18.40'. */
export const minimumWithdrawal = (currency: Currency) =>
  formatMoney(convertAmount(MIN_WITHDRAWAL_REQUEST_USD, 'USD', currency), currency);

export type WithdrawalCheck =
  | { ok: true; body: { paymentMethodId: string; amount: string } }
  | { ok: false; field: 'paymentMethodId' | 'amount'; message: string };

/**
 * SPEC §5 Withdrawal: a payment method is required; the amount, typed in the artist's currency, is a
 * number of at least 20 USD compared in that currency ('Minimum withdrawal amount is {amount}') and at
 * most what is available; it is sent in USD.
 */
export function checkWithdrawal(input: {
  paymentMethodId: string;
  amount: string;
  currency: Currency;
  availableUsd: string;
}): WithdrawalCheck {
  const amount = input.amount.trim().replace(/,/g, '');
  if (!input.paymentMethodId)
    return { ok: false, field: 'paymentMethodId', message: WITHDRAWAL_METHOD_MESSAGE };
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(amount))
    return { ok: false, field: 'amount', message: WITHDRAWAL_AMOUNT_MESSAGE };
  const minimum = convertAmount(MIN_WITHDRAWAL_REQUEST_USD, 'USD', input.currency);
  if (compareAmounts(amount, minimum) < 0)
    return {
      ok: false,
      field: 'amount',
      message: `Minimum withdrawal amount is ${minimumWithdrawal(input.currency)}`,
    };
  const available = convertAmount(input.availableUsd, 'USD', input.currency);
  if (compareAmounts(amount, available) > 0)
    return {
      ok: false,
      field: 'amount',
      message: `Amount is more than your available balance (${formatMoney(available, input.currency)})`,
    };
  const usd = convertAmount(amount, input.currency, 'USD');
  // A conversion rounds; an amount at the minimum in the artist's currency is the minimum in USD.
  const body = compareAmounts(usd, MIN_WITHDRAWAL_REQUEST_USD) < 0 ? MIN_WITHDRAWAL_REQUEST_USD : usd;
  // Nor can rounding ask for more dollars than are available.
  return {
    ok: true,
    body: {
      paymentMethodId: input.paymentMethodId,
      amount: compareAmounts(body, input.availableUsd) > 0 ? input.availableUsd : body,
    },
  };
}
