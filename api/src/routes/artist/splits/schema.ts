import { CreateExpenseBody, CreateSplitBody, uuidParam } from '@riffline/contracts';
import { z } from 'zod';

export const ReleaseSplitsSchema = z.object({ params: uuidParam });
export type ReleaseSplitsInput = z.infer<typeof ReleaseSplitsSchema>;

export const CreateSplitSchema = z.object({ params: uuidParam, body: CreateSplitBody });
export type CreateSplitInput = z.infer<typeof CreateSplitSchema>;

export const PayeeInviteSchema = z.object({
  params: z.object({ id: uuidParam.shape.id, payeeId: uuidParam.shape.id }),
});
export type PayeeInviteInput = z.infer<typeof PayeeInviteSchema>;

export const CreateExpenseSchema = z.object({ params: uuidParam, body: CreateExpenseBody });
export type CreateExpenseInput = z.infer<typeof CreateExpenseSchema>;

export const ExpenseSchema = z.object({
  params: z.object({ id: uuidParam.shape.id, expenseId: uuidParam.shape.id }),
});
export type ExpenseInput = z.infer<typeof ExpenseSchema>;
