import { z } from 'zod';
import { LOCALES } from './locale.ts';

/** Normalises any Ukrainian phone input (mask, digits, +380...) to +380XXXXXXXXX or null. */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  let d = digits;
  if (d.length === 12 && d.startsWith('380')) d = d.slice(3);
  else if (d.length === 11 && d.startsWith('80')) d = d.slice(2);
  else if (d.length === 10 && d.startsWith('0')) d = d.slice(1);
  else return null;
  return d.length === 9 ? `+380${d}` : null;
}

export const emailField = z
  .string('required')
  .trim()
  .min(1, 'required')
  .max(255, 'too_long')
  .pipe(z.email('invalid_email'))
  .transform((v) => v.toLowerCase());

export const phoneField = z
  .string('required')
  .trim()
  .min(1, 'required')
  .transform((v, ctx) => {
    const p = normalizePhone(v);
    if (!p) {
      ctx.addIssue({ code: 'custom', message: 'invalid_phone' });
      return z.NEVER;
    }
    return p;
  });

export const passwordField = z.string('required').min(8, 'too_short').max(128, 'too_long');
export const codeField = z.string('required').regex(/^\d{6}$/, 'code_format');
export const deviceTokenField = z.string().trim().max(255, 'too_long').optional();
export const nameField = z.string('required').trim().min(1, 'required').max(255, 'too_long');
/** The attempt (registration, sign-in, reset, step-up) a code belongs to, as the API answered it. */
export const attemptIdField = z
  .string('required')
  .trim()
  .min(1, 'required')
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'invalid_value')
  .transform((v) => v.toLowerCase());

export const registerInput = z
  .strictObject({
    name: nameField,
    email: emailField,
    phone: phoneField,
    city: z.string().trim().max(255, 'too_long').optional(),
    password: passwordField,
    password_confirmation: z.string('required').min(1, 'required'),
    device_token: deviceTokenField,
  })
  .refine((v) => v.password === v.password_confirmation, { message: 'password_mismatch', path: ['password_confirmation'] });
export type RegisterInput = z.infer<typeof registerInput>;

export const confirmInput = z.strictObject({ email: emailField, attempt_id: attemptIdField, code: codeField, device_token: deviceTokenField });
export type ConfirmInput = z.infer<typeof confirmInput>;

export const loginInput = z.strictObject({
  email: emailField,
  password: z.string('required').min(1, 'required').max(128, 'too_long'),
  device_token: deviceTokenField,
});
export type LoginInput = z.infer<typeof loginInput>;

export const confirmLoginInput = confirmInput;
export type ConfirmLoginInput = ConfirmInput;

export const forgotInput = z.strictObject({ email: emailField, device_token: deviceTokenField });
export type ForgotInput = z.infer<typeof forgotInput>;

export const restoreInput = z
  .strictObject({
    email: emailField,
    attempt_id: attemptIdField,
    code: codeField,
    password: passwordField,
    password_confirmation: z.string('required').min(1, 'required'),
    device_token: deviceTokenField,
  })
  .refine((v) => v.password === v.password_confirmation, { message: 'password_mismatch', path: ['password_confirmation'] });
export type RestoreInput = z.infer<typeof restoreInput>;

/**
 * Partial profile update. A password change needs old_password, password and password_confirmation
 * together. Turning login_2fa or withdraw_2fa off needs old_password (the current password) or a
 * step-up code: attempt_id and code from `POST /auth/step-up`.
 */
export const profileInput = z
  .strictObject({
    name: nameField.optional(),
    phone: phoneField.optional(),
    city: z.string().trim().max(255, 'too_long').nullable().optional(),
    lang: z.enum(LOCALES, 'invalid_value').optional(),
    markup: z.number('invalid_type').min(0, 'too_small').max(1000, 'too_big').optional(),
    is_drop_markup: z.boolean('invalid_type').optional(),
    auto_confirm_orders: z.boolean('invalid_type').optional(),
    login_2fa: z.boolean('invalid_type').optional(),
    withdraw_2fa: z.boolean('invalid_type').optional(),
    old_password: z.string('invalid_type').max(128, 'too_long').optional(),
    password: passwordField.optional(),
    password_confirmation: z.string('invalid_type').max(128, 'too_long').optional(),
    attempt_id: attemptIdField.optional(),
    code: codeField.optional(),
  })
  .superRefine((v, ctx) => {
    const changing = v.password !== undefined || v.password_confirmation !== undefined;
    if (!changing) return;
    if (!v.old_password) ctx.addIssue({ code: 'custom', message: 'required', path: ['old_password'] });
    if (!v.password) ctx.addIssue({ code: 'custom', message: 'required', path: ['password'] });
    if (!v.password_confirmation) ctx.addIssue({ code: 'custom', message: 'required', path: ['password_confirmation'] });
    else if (v.password && v.password !== v.password_confirmation)
      ctx.addIssue({ code: 'custom', message: 'password_mismatch', path: ['password_confirmation'] });
  });
export type ProfileInput = z.infer<typeof profileInput>;

/** reseller, and the supplier's staff (STAFF_ROLES in staff.ts). */
export const ROLES = ['reseller', 'admin', 'manager', 'accountant', 'warehouse'] as const;
export type Role = (typeof ROLES)[number];

export const userDto = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  lang: z.enum(LOCALES),
  role: z.enum(ROLES),
  markup: z.number(),
  discount: z.number(),
  is_verified: z.boolean(),
  is_drop_markup: z.boolean(),
  auto_confirm_orders: z.boolean(),
  login_2fa: z.boolean(),
  withdraw_2fa: z.boolean(),
  blocked: z.boolean(),
  balance: z.number(),
  created_at: z.string(),
});
export type UserDto = z.infer<typeof userDto>;

export const tokenResponse = z.object({ token: z.string(), user: userDto });
export type TokenResponse = z.infer<typeof tokenResponse>;

export const loginResponse = z.object({
  enabled_2fa: z.boolean(),
  /** With enabled_2fa: the sign-in attempt the mailed code belongs to (confirm-login sends it back). */
  attempt_id: z.string().optional(),
  token: z.string().optional(),
  user: userDto.optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const registerResponse = z.object({ email: z.string(), attempt_id: z.string() });
export type RegisterResponse = z.infer<typeof registerResponse>;
/** The same for known and unknown e-mails: only a known address gets mail. */
export const forgotResponse = z.object({ sent: z.boolean(), attempt_id: z.string() });
export type ForgotResponse = z.infer<typeof forgotResponse>;
export const stepUpResponse = z.object({ attempt_id: z.string() });
export type StepUpResponse = z.infer<typeof stepUpResponse>;

export const balanceDto = z.object({ balance: z.number() });

export const deviceDto = z.object({
  id: z.number(),
  name: z.string(),
  ip_address: z.string().nullable(),
  used_at: z.string(),
  created_at: z.string(),
  is_current: z.boolean(),
});
export type DeviceDto = z.infer<typeof deviceDto>;

export const adminUserUpdateInput = z.strictObject({
  is_verified: z.boolean('invalid_type').optional(),
  discount: z.number('invalid_type').min(0, 'too_small').max(100, 'too_big').optional(),
  blocked: z.boolean('invalid_type').optional(),
});
export type AdminUserUpdateInput = z.infer<typeof adminUserUpdateInput>;
