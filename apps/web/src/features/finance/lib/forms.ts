import { z } from 'zod';
import { MAX_TOP_UP_UAH, MAX_WITHDRAW_UAH, cardDigits, luhnValid } from '@drop/shared';
import { hasKopecksOnly, parseAmount } from './amount.ts';
import type { FinanceMessageKey } from './messages.ts';
import { receiptError } from './receipt.ts';

const issue = (ctx: z.RefinementCtx, message: FinanceMessageKey) => ctx.addIssue({ code: 'custom', message });

/** A typed amount: required, a number above 0 with whole kopecks, at most `max` and (withdrawals) the balance. */
function amountField(max: number, balance?: () => number | undefined) {
  return z.string().superRefine((raw, ctx) => {
    if (!raw.trim()) return issue(ctx, 'required');
    const n = parseAmount(raw);
    if (n === null || !hasKopecksOnly(n)) return issue(ctx, 'invalid_value');
    if (n <= 0) return issue(ctx, 'amount_positive');
    const b = balance?.();
    if (b !== undefined && n > b) return issue(ctx, 'insufficient_balance');
    if (n > max) return issue(ctx, 'too_big');
  });
}

export const topUpFormSchema = z.object({
  file: z
    .custom<File | null>((v) => v === null || v instanceof File)
    .superRefine((file, ctx) => {
      if (!file) return issue(ctx, 'file_required');
      const e = receiptError(file);
      if (e) issue(ctx, e);
    }),
  amount: amountField(MAX_TOP_UP_UAH),
  comment: z.string().max(500, 'too_long'),
});
export type TopUpFormValues = z.infer<typeof topUpFormSchema>;

/** The withdrawal form; `balance` is read at validation time (undefined while it loads: the API still checks it). */
export const withdrawFormSchema = (balance: () => number | undefined) =>
  z.object({
    requisites: z.string().superRefine((raw, ctx) => {
      if (!cardDigits(raw)) return issue(ctx, 'required');
      if (!luhnValid(raw)) issue(ctx, 'invalid_card');
    }),
    amount: amountField(MAX_WITHDRAW_UAH, balance),
  });
export type WithdrawFormValues = z.infer<ReturnType<typeof withdrawFormSchema>>;
