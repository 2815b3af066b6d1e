import { describe, expect, it } from 'vitest';
import { APPROVED_WITHDRAWAL_REQUEST_NOTE, withdrawalRequestNote } from './withdrawalRequests.ts';

describe('withdrawalRequestNote', () => {
  it("says a completed payout was paid, with its reference, and drops the approval's 24-hour note", () => {
    const completed = { status: 'completed', adminNotes: APPROVED_WITHDRAWAL_REQUEST_NOTE } as const;
    expect(withdrawalRequestNote({ ...completed, paymentReference: '412345678901' })).toBe(
      'Paid, reference 412345678901',
    );
    // Completed before references were kept.
    expect(withdrawalRequestNote({ ...completed, paymentReference: null })).toBe('Paid');
    // A note of the admin's own stays.
    expect(
      withdrawalRequestNote({
        status: 'completed',
        adminNotes: 'Sent in two parts',
        paymentReference: 'PP-1',
      }),
    ).toBe('Paid, reference PP-1 · Sent in two parts');
  });

  it("is the admin's note for any other status", () => {
    const approved = {
      status: 'approved',
      adminNotes: APPROVED_WITHDRAWAL_REQUEST_NOTE,
      paymentReference: null,
    } as const;
    expect(withdrawalRequestNote(approved)).toBe(APPROVED_WITHDRAWAL_REQUEST_NOTE);
    expect(withdrawalRequestNote({ status: 'pending', adminNotes: null, paymentReference: null })).toBeNull();
  });
});
