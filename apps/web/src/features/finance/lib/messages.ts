import type { TFunction } from 'i18next';
import { RECEIPT_MAX_BYTES } from '@drop/shared';

/** The shared message keys the finance forms use; their texts live in the web locales (finance.validation.*). */
export const FINANCE_MESSAGE_KEYS = [
  'required',
  'invalid_value',
  'too_big',
  'too_long',
  'amount_positive',
  'invalid_card',
  'insufficient_balance',
  'not_a_receipt',
  'file_too_large',
  'file_required',
  'code_format',
] as const;
export type FinanceMessageKey = (typeof FINANCE_MESSAGE_KEYS)[number];

const isFinanceKey = (v: string): v is FinanceMessageKey => (FINANCE_MESSAGE_KEYS as readonly string[]).includes(v);

/** Parameters of the messages that have them (`{max}`). */
export const MESSAGE_PARAMS: Partial<Record<FinanceMessageKey, Record<string, number>>> = {
  file_too_large: { max: RECEIPT_MAX_BYTES / 1024 / 1024 },
  too_long: { max: 500 },
};

/**
 * A field error for display: a client key is translated, a server message (already translated
 * by the API) is shown as it came.
 */
export function financeMessage(t: TFunction, message: string | undefined, params?: Record<string, number>): string | undefined {
  if (!message) return undefined;
  if (!isFinanceKey(message)) return message;
  return t(`finance.validation.${message}`, { ...MESSAGE_PARAMS[message], ...params });
}
