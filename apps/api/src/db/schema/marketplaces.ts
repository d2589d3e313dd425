import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { markets } from './markets.ts';
import { orders } from './orders.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A reseller's store connected to a marketplace (issue 33): its credentials sealed
 * (lib/secret-box.ts, bound to the row's user and marketplace), what the reseller sees of them,
 * and the poller's state. One live connection per marketplace per store; a revoked one keeps
 * its row (its orders name it) without credentials.
 */
export const marketplaceConnections = pgTable(
  'marketplace_connections',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    marketId: integer('market_id').references(() => markets.id, { onDelete: 'set null' }),
    /** prom | rozetka | horoshop */
    marketplace: text('marketplace').notNull(),
    /** The marketplace account (a Horoshop site's domain, a Rozetka seller's login, '' for a Prom token): orders are unique within it. */
    account: text('account').notNull().default(''),
    /** Sealed JSON credentials; null once revoked. */
    secret: text('secret'),
    /** What the reseller sees of the credentials (masked). */
    display: text('display').notNull(),
    /** active | failing (errors, backing off) | unauthorized (the marketplace refuses the credentials) | revoked */
    status: text('status').notNull().default('active'),
    lastError: text('last_error'),
    /** Failed polls in a row (the backoff grows with it). */
    failures: integer('failures').notNull().default(0),
    /** Where the next poll starts (the newest modification time seen, as the marketplace writes it). */
    cursor: text('cursor'),
    nextPollAt: ts('next_poll_at').notNull().defaultNow(),
    lastPolledAt: ts('last_polled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('marketplace_connections_live_uq')
      .on(t.marketId, t.marketplace)
      .where(sql`${t.revokedAt} IS NULL`),
    index('marketplace_connections_user_idx').on(t.userId, t.id),
    index('marketplace_connections_due_idx')
      .on(t.nextPollAt)
      .where(sql`${t.revokedAt} IS NULL AND ${t.status} <> 'unauthorized'`),
    check('marketplace_connections_marketplace_ck', sql`${t.marketplace} IN ('prom', 'rozetka', 'horoshop')`),
    check('marketplace_connections_status_ck', sql`${t.status} IN ('active', 'failing', 'unauthorized', 'revoked')`),
  ],
);

export interface MarketplaceLine {
  /** The marketplace's id of the line (or of its product). */
  ref: string;
  /** The offer id the feed published (our b2b code), as the marketplace sent it back; '' when missing. */
  offerId: string;
  sku: string;
  name: string;
  qty: number;
  priceKop: number;
  /** Our product, when the offer id names one. */
  productId: number | null;
}

export interface MarketplaceDelivery {
  /** NovaPoshta | other (a carrier we do not ship with, or pickup). */
  service: 'NovaPoshta' | 'other';
  method: 'Branch' | 'Courier';
  /** The marketplace's own words for the carrier (shown when it is not Nova Poshta). */
  carrierName: string;
  cityRef: string | null;
  cityName: string | null;
  branchRef: string | null;
  branchName: string | null;
  streetRef: string | null;
  streetName: string | null;
  house: string | null;
  appt: string | null;
  /** Why the address could not be turned into the carrier's refs (unknown_city, unknown_branch, unknown_street, not_nova_poshta). */
  problem: string | null;
}

/**
 * A marketplace order as it came in (issue 33): a draft until the reseller places it (then it
 * names the portal order) or dismisses it. Unique per marketplace account and order id, so two
 * pollers, a reconnect or a repeated answer never make a second one. What goes back to the
 * marketplace (status, waybill) is compared with `synced` before each call.
 */
export const marketplaceOrders = pgTable(
  'marketplace_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => marketplaceConnections.id, { onDelete: 'cascade' }),
    marketplace: text('marketplace').notNull(),
    account: text('account').notNull().default(''),
    externalId: text('external_id').notNull(),
    /** draft | placed | dismissed */
    status: text('status').notNull().default('draft'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** When the buyer ordered, as the marketplace says. */
    orderedAt: ts('ordered_at'),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    /** +380XXXXXXXXX, or as the marketplace wrote it when it is not a Ukrainian mobile number. */
    phone: text('phone').notNull(),
    delivery: jsonb('delivery').$type<MarketplaceDelivery>().notNull(),
    /** cod (cash on delivery) | prepaid (the buyer paid on the marketplace) */
    payment: text('payment').notNull(),
    totalKop: bigint('total_kop', { mode: 'number' }).notNull(),
    lines: jsonb('lines').$type<MarketplaceLine[]>().notNull(),
    comment: text('comment'),
    /** The marketplace's order as received (for support; never shown to other users). */
    raw: jsonb('raw').notNull(),
    /** Why the last automatic or bulk placement was refused (a business code), null otherwise. */
    placeError: text('place_error'),
    /** What the marketplace has accepted from us: `status|ttn`. */
    synced: text('synced'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketplace_orders_external_uq').on(t.userId, t.marketplace, t.account, t.externalId),
    uniqueIndex('marketplace_orders_order_uq').on(t.orderId),
    index('marketplace_orders_user_idx').on(t.userId, t.status, t.id),
    check('marketplace_orders_status_ck', sql`${t.status} IN ('draft', 'placed', 'dismissed')`),
    check('marketplace_orders_payment_ck', sql`${t.payment} IN ('cod', 'prepaid')`),
  ],
);

/**
 * The built-in marketplace emulators' sellers (integrations/marketplaces/<marketplace>/emulator.ts):
 * a Prom company's API token, a Rozetka seller's password, a Horoshop site's admin login. Kept in
 * the database, as the Nova Poshta emulator's parcels are, so every API process sees the same.
 */
export const marketplaceEmulatorAccounts = pgTable(
  'marketplace_emulator_accounts',
  {
    marketplace: text('marketplace').notNull(),
    account: text('account').notNull(),
    secret: jsonb('secret').$type<Record<string, string>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.marketplace, t.account] })],
);

/** The emulators' orders, each in its marketplace's own shape (`body`), with the calls the seller made on it (`log`). */
export const marketplaceEmulatorOrders = pgTable(
  'marketplace_emulator_orders',
  {
    marketplace: text('marketplace').notNull(),
    account: text('account').notNull(),
    id: bigint('id', { mode: 'number' }).notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    log: jsonb('log').$type<unknown[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    modifiedAt: ts('modified_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.marketplace, t.account, t.id] }),
    index('marketplace_emulator_orders_modified_idx').on(t.marketplace, t.account, t.modifiedAt),
  ],
);
