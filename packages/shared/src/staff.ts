import { z } from 'zod';
import { pageQuery } from './api.ts';
import { emailField } from './auth.ts';
import { LOCALES } from './locale.ts';
import type { OrderStatus } from './config.ts';

/**
 * The supplier's staff (DESIGN.md section 8, "Staff roles"): each person has an account with one
 * role; the role decides which back-office routes answer (else 403) and which sections the
 * navigation shows. The API and the web read the same table below.
 */
export const STAFF_ROLES = ['admin', 'manager', 'accountant', 'warehouse'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (role: string | undefined | null): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role ?? '');

/**
 * What each role may do, by area. An `/api/v1/admin` route names one area (its `config.access`);
 * a route without one admits admins only. The web's sections and buttons ask `mayAccess`.
 */
export const STAFF_ACCESS = {
  /** The orders board, an order's page, its history and stats. */
  'orders.read': ['admin', 'manager', 'accountant', 'warehouse'],
  /** Moving an order's status (warehouse: only the packing and shipping moves, WAREHOUSE_ORDER_MOVES). */
  'orders.status': ['admin', 'manager', 'warehouse'],
  /** Waybills: create, attach, refresh tracking. */
  'orders.waybill': ['admin', 'manager', 'warehouse'],
  /** An order's payment (a Card order marked paid). */
  'orders.payment': ['admin', 'manager', 'accountant'],
  /** The 1C reservation jobs of an order (view and retry). */
  'orders.reservation': ['admin', 'manager'],
  /** Resellers: list, card, operations, devices. */
  'resellers.read': ['admin', 'manager', 'accountant'],
  /** Resellers: verify, discount, block. */
  'resellers.write': ['admin', 'manager'],
  /** The money queues (top-ups, withdrawals) and the receipts behind them. */
  money: ['admin', 'accountant'],
  /** Balance corrections. */
  'money.corrections': ['admin', 'accountant'],
  /** Reports: sales, profit, cash on delivery, refusals and returns, top products (issue 29). */
  reports: ['admin', 'manager', 'accountant'],
  /** The catalogue: categories, products, pictures. */
  catalog: ['admin', 'manager'],
  /** Content and the supplier's switches: changelog, FAQ, legal texts, broadcasts. */
  content: ['admin', 'manager'],
  /** The 1C exchange: imports and their settings. */
  onec: ['admin', 'manager'],
  /** The 1C price mapping (which 1C price is drop, which RRP). */
  'onec.settings': ['admin'],
  /** The 1C exchange's own login and secret. */
  'onec.credentials': ['admin'],
  /** The Nova Poshta sender (read); only admins change it. */
  novaposhta: ['admin', 'manager'],
  'novaposhta.write': ['admin'],
  /** The audit log. */
  audit: ['admin'],
  /** Staff accounts. */
  staff: ['admin'],
  /** Printing: markings, packing lists, invoices, the day's register. */
  printing: ['admin', 'manager', 'accountant', 'warehouse'],
  /** The supplier's requisites printed on invoices (change). */
  'printing.requisites': ['admin', 'accountant'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffArea = keyof typeof STAFF_ACCESS;

export const mayAccess = (role: string | undefined | null, area: StaffArea): boolean => (STAFF_ACCESS[area] as readonly string[]).includes(role ?? '');

/** The order moves a warehouse person may make: packing a confirmed order and its delivery. */
export const WAREHOUSE_ORDER_MOVES: readonly OrderStatus[] = ['Complected', 'Delivered'];

const name = z.string('invalid_type').trim().min(2, 'too_short').max(191, 'too_long');

/** `POST /admin/staff`: the person gets a mail to set their password. */
export const staffCreateInput = z
  .object({
    email: emailField,
    name,
    role: z.enum(STAFF_ROLES, 'invalid_value'),
    /** The language of the invitation and of the person's mails; default: the creator's request language. */
    lang: z.enum(LOCALES, 'invalid_value').optional(),
  })
  .strict();
export type StaffCreateInput = z.infer<typeof staffCreateInput>;

/** `PUT /admin/staff/{id}`: any of the fields; staff are blocked, never deleted. */
export const staffUpdateInput = z
  .object({
    email: emailField.optional(),
    name: name.optional(),
    role: z.enum(STAFF_ROLES, 'invalid_value').optional(),
    blocked: z.boolean('invalid_type').optional(),
  })
  .strict();
export type StaffUpdateInput = z.infer<typeof staffUpdateInput>;

export const staffDto = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  lang: z.enum(LOCALES),
  blocked: z.boolean(),
  /** false until the person has set a password from the invitation. */
  password_set: z.boolean(),
  /** The last time any of the person's sessions was used; null if never signed in. */
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffDto = z.infer<typeof staffDto>;

/** How long an invitation's code lets a new person set their password (longer than the 10-minute codes). */
export const INVITE_TTL_HOURS = 72;

const boolParam = z.enum(['true', 'false'], 'invalid_value').transform((v) => v === 'true');

/** `GET /admin/staff`: newest first (default) or by name; filters by role, blocked, name or e-mail. */
export const staffListQuery = pageQuery.extend({
  search: z.string('invalid_type').trim().max(255, 'too_long').optional(),
  role: z.enum(STAFF_ROLES, 'invalid_value').optional(),
  blocked: boolParam.optional(),
  sort: z.enum(['newest', 'name'], 'invalid_value').default('newest'),
});
export type StaffListQuery = z.infer<typeof staffListQuery>;

/** `POST /admin/staff/{id}/invite`: a fresh invitation went out. */
export const staffInviteResponse = z.object({ sent: z.literal(true) });
export type StaffInviteResponse = z.infer<typeof staffInviteResponse>;
