import { describe, expect, it } from 'vitest';
import type { Currency } from '@riffline/contracts';
import { checkWithdrawal } from './withdrawalRequestRules.ts';

const method = '6f1c1f3e-8a53-4b53-9d8e-2f3a1b4c5d6e';
const check = (amount: string, currency: Currency, availableUsd = '100.00') =>
  checkWithdrawal({ paymentMethodId: method, amount, currency, availableUsd });

describe('the withdrawal dialog rules (SPEC §5 Withdrawal)', () => {
  it('asks for a payment method first', () => {
    expect(
      checkWithdrawal({ paymentMethodId: '', amount: '50', currency: 'USD', availableUsd: '100' }),
    ).toEqual({ ok: false, field: 'paymentMethodId', message: 'Please select a payment method' });
  });

  it('refuses what is not an amount', () => {
    for (const amount of ['', 'abc', '-25', '20.001', '1e3', '25.']) {
      expect(check(amount, 'USD')).toEqual({
        ok: false,
        field: 'amount',
        message: 'Please enter a valid amount.',
      });
    }
  });

  it('checks the 20 USD minimum in the artist currency, with its symbol', () => {
    expect(check('19.99', 'USD')).toMatchObject({ message: 'Minimum withdrawal amount is $20.00' });
    expect(check('18.39', 'EUR')).toMatchObject({ message: 'Minimum withdrawal amount is €18.40' });
    expect(check('1662.39', 'INR')).toMatchObject({ message: 'Minimum withdrawal amount is ₹1,662.40' });
    expect(check('2989', 'JPY')).toMatchObject({ message: 'Minimum withdrawal amount is ¥2,990.00' });
  });

  it('sends the amount in USD: the minimum in any currency is exactly 20 USD', () => {
    expect(check('20', 'USD')).toEqual({ ok: true, body: { paymentMethodId: method, amount: '20.00' } });
    expect(check('18.40', 'EUR')).toMatchObject({ ok: true, body: { amount: '20.00' } });
    expect(check('1,662.40', 'INR')).toMatchObject({ ok: true, body: { amount: '20.00' } });
    expect(check('2990', 'JPY')).toMatchObject({ ok: true, body: { amount: '20.00' } });
    expect(check('46.00', 'EUR')).toMatchObject({ ok: true, body: { amount: '50.00' } });
  });

  it('refuses more than is available, shown in the artist currency', () => {
    expect(check('100.01', 'USD', '100.00')).toMatchObject({
      field: 'amount',
      message: 'Amount is more than your available balance ($100.00)',
    });
    expect(check('40', 'GBP', '50.00')).toMatchObject({
      message: 'Amount is more than your available balance (£39.50)',
    });
    // All of it, in another currency, asks for no more dollars than there are.
    expect(check('39.50', 'GBP', '50.00')).toMatchObject({ ok: true, body: { amount: '50.00' } });
  });
});
