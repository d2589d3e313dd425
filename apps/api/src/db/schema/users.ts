import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    city: text('city'),
    passwordHash: text('password_hash').notNull(),
    lang: text('lang', { enum: ['uk', 'ru'] })
      .notNull()
      .default('uk'),
    role: text('role', { enum: ['reseller', 'admin', 'manager', 'accountant', 'warehouse'] })
      .notNull()
      .default('reseller'),
    markup: numeric('markup', { precision: 7, scale: 2, mode: 'number' }).notNull().default(0),
    discount: numeric('discount', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    isVerified: boolean('is_verified').notNull().default(false),
    isDropMarkup: boolean('is_drop_markup').notNull().default(false),
    autoConfirmOrders: boolean('auto_confirm_orders').notNull().default(false),
    login2fa: boolean('login_2fa').notNull().default(false),
    withdraw2fa: boolean('withdraw_2fa').notNull().default(false),
    blocked: boolean('blocked').notNull().default(false),
    /** Cached balance in kopecks; the ledger (operations) is the source of truth. */
    balanceKop: bigint('balance_kop', { mode: 'number' }).notNull().default(0),
    emailVerifiedAt: ts('email_verified_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), index('users_created_idx').on(t.createdAt, t.id)],
);

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceToken: text('device_token').notNull(),
    name: text('name').notNull(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    usedAt: ts('used_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('devices_user_token_uq').on(t.userId, t.deviceToken)],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Last request with this token (kept to a minute's resolution): the idle expiry counts from it. */
    usedAt: ts('used_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('access_tokens_hash_uq').on(t.tokenHash), index('access_tokens_device_idx').on(t.deviceId), index('access_tokens_user_idx').on(t.userId)],
);

export const authCodes = pgTable(
  'auth_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['register', 'login', 'restore', 'withdraw', 'stepup'] }).notNull(),
    /**
     * The attempt (registration, sign-in, password reset, step-up) this code belongs to: the API
     * answers it to the client that asked, and a code confirms only its own attempt.
     */
    attemptId: uuid('attempt_id'),
    /** Who asked: the device fingerprint (or the IP without one); the resend throttle counts per address and device. */
    deviceKey: text('device_key'),
    /** What the attempt carries until it is confirmed (a registration's name, phone, password hash, ...). */
    payload: jsonb('payload'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('auth_codes_lookup_idx').on(t.email, t.purpose, t.createdAt), uniqueIndex('auth_codes_attempt_uq').on(t.attemptId)],
);

/**
 * Idempotency keys (Stripe's model) of money-moving and order-creating POSTs: the first answer to
 * a key is kept and replayed for the same key and body; the same key with another body is a 422.
 * `status` is null while the first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and route pattern, e.g. `POST /api/v1/orders/:id/confirm`. */
    route: text('route').notNull(),
    /** sha256 of the method, the concrete URL and the canonical body. */
    requestHash: text('request_hash').notNull(),
    status: smallint('status'),
    response: text('response'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * The 1C exchange's own credentials (HTTP Basic): a login and a generated secret (stored hashed)
 * that an admin creates in the back office; a new pair replaces (revokes) the old one.
 */
export const onecCredentials = pgTable(
  'onec_credentials',
  {
    id: serial('id').primaryKey(),
    login: text('login').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('onec_credentials_login_idx').on(t.login)],
);

/**
 * Append-only (a trigger refuses UPDATE and DELETE, migration 0016): every operator action with its
 * author, and every balance change (an AFTER INSERT trigger on operations writes one row each).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    changes: jsonb('changes').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/**
 * A staff member's saved view of a back-office list (issue 29): its filters, columns, sort and
 * rows per page under a name, e.g. "COD to ship, Kyiv". Private to the one who saved it.
 */
export const staffViews = pgTable(
  'staff_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    params: jsonb('params').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_views_name_uq').on(t.userId, t.list, t.name)],
);
