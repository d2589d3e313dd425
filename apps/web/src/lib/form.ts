import type { ControllerRenderProps, FieldPath, FieldValues, Path, UseFormRegister, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { isMessageKey, translate } from '@drop/shared';
import { isApiError } from './api-client.ts';
import { currentLocale } from './i18n.ts';

/**
 * Applies a 422 ApiError's field errors to react-hook-form (first message per field).
 * Returns true when at least one field error was applied.
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  return applyServerErrorsAt(error, setError, (path) => fields.find((f) => f === path.join('.')) ?? null);
}

/** An API error key (`extra_fields.2.param`) as a path (`['extra_fields', 2, 'param']`). */
const keyPath = (key: string) => key.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * Applies a 422 ApiError's field errors to react-hook-form, each API key placed on the field
 * `fieldOf` names for its path (null: not shown on a field); the first message per field wins.
 * Returns true when at least one field error was applied.
 */
export function applyServerErrorsAt<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOf: (path: readonly PropertyKey[]) => Path<T> | `root.${string}` | null,
): boolean {
  if (!isApiError(error) || !error.errors) return false;
  const placed = new Set<string>();
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = fieldOf(keyPath(key));
    const message = messages[0];
    if (field === null || !message || placed.has(field)) continue;
    placed.add(field);
    setError(field, { type: 'server', message });
  }
  return placed.size > 0;
}

/**
 * A react-hook-form schema (for zodResolver) that checks the request body the form would send
 * with the API's own zod schema, so the client refuses what the server refuses with the same
 * message keys; each issue lands on the field `fieldOf` names for its path. `more` adds the
 * checks only the client can make (what the user's account allows).
 */
export function requestSchema<V extends FieldValues, B>(
  bodyOf: (values: V) => B,
  request: z.ZodType,
  fieldOf: (path: readonly PropertyKey[], body: B) => string | null,
  more?: (values: V, issue: (field: string, message: string) => void) => void,
) {
  return z.custom<V>().superRefine((values, ctx) => {
    const placed = new Set<string>();
    const issue = (field: string, message: string) => {
      if (placed.has(field)) return;
      placed.add(field);
      ctx.addIssue({ code: 'custom', message, path: field.split('.') });
    };
    const body = bodyOf(values);
    const res = request.safeParse(body);
    if (!res.success)
      for (const i of res.error.issues) {
        const field = fieldOf(i.path, body);
        if (field !== null) issue(field, i.message);
      }
    more?.(values, issue);
  });
}

/** Brings the submitted form's first marked field into view after the errors render (long forms), focusing it when it is an input. */
export function revealFirstError(form: unknown) {
  if (!(form instanceof HTMLElement)) return;
  requestAnimationFrame(() => {
    const first = form.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    first?.scrollIntoView?.({ block: 'center' });
    if (first instanceof HTMLInputElement) first.focus({ preventScroll: true });
  });
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
