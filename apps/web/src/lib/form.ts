import type { ControllerRenderProps, FieldPath, FieldValues, Path, UseFormRegister, UseFormSetError } from 'react-hook-form';
import { isMessageKey, translate } from '@drop/shared';
import { isApiError } from './api-client.ts';
import { currentLocale } from './i18n.ts';

/**
 * Applies a 422 ApiError's field errors to react-hook-form (first message per field).
 * Returns true when at least one field error was applied.
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!isApiError(error) || !error.errors) return false;
  let applied = false;
  for (const field of fields) {
    const msg = error.errors[field]?.[0];
    if (msg) {
      setError(field, { type: 'server', message: msg });
      applied = true;
    }
  }
  return applied;
}

const limits: Record<string, { min?: number; max?: number }> = {
  password: { min: 8, max: 128 },
  old_password: { max: 128 },
  password_confirmation: { max: 128 },
};

/** Translates a validation message key from the shared zod schemas (same texts as the API). */
export function validationMessage(message: string | undefined, field?: string): string | undefined {
  if (!message) return undefined;
  if (!isMessageKey(message)) return message;
  const l = (field ? limits[field] : undefined) ?? {};
  return translate(message, currentLocale(), { min: l.min ?? 1, max: l.max ?? 255 });
}

/** react-hook-form's register() adapted to MUI TextField (the ref goes to the input element). */
export function muiRegister<T extends FieldValues>(register: UseFormRegister<T>, name: Path<T>) {
  const { ref, ...rest } = register(name);
  return { ...rest, inputRef: ref };
}

/**
 * A react-hook-form Controller field adapted to MUI TextField. Controlled on purpose: with
 * register() the input is uncontrolled and MUI only learns it is filled from input events, so
 * reset()/setValue() (which write the DOM value directly) leave the label floating over an empty
 * field or sitting over the text of a filled one.
 */
export function muiField<T extends FieldValues, N extends FieldPath<T>>({ ref, value, ...rest }: ControllerRenderProps<T, N>) {
  return { ...rest, value: (value ?? '') as T[N] | '', inputRef: ref };
}
