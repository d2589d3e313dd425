import type { Marketplace } from '@drop/shared';

/**
 * What the portal needs from a marketplace (issue 33), whichever it is: check a seller's
 * credentials, read new and changed orders, and send a status and a waybill back. Each
 * marketplace has a client speaking its real API (prom/, rozetka/, horoshop/) and an emulator as
 * strict as the real one (the default outside production, and the tests').
 */

export type PromCredentials = { token: string };
export type RozetkaCredentials = { username: string; password: string };
export type HoroshopCredentials = { domain: string; login: string; password: string };
export type MarketplaceCredentials = PromCredentials | RozetkaCredentials | HoroshopCredentials;

export interface MpLine {
  /** The marketplace's id of the line (or of its product when lines have none). */
  ref: string;
  /** The feed's offer id (our b2b code) as the marketplace sends it back; '' when it has none. */
  offerId: string;
  sku: string;
  name: string;
  qty: number;
  /** Price of one unit in kopecks (the buyer's price: the reseller's selling price). */
  priceKop: number;
}

export interface MpDelivery {
  /** nova_poshta, or other (another carrier, pickup). */
  carrier: 'nova_poshta' | 'other';
  /** The marketplace's words for the delivery option (shown when it is not Nova Poshta). */
  carrierName: string;
  method: 'Branch' | 'Courier';
  /** Nova Poshta refs when the marketplace gives them (Prom and Rozetka do for branches). */
  cityRef: string | null;
  warehouseRef: string | null;
  cityName: string | null;
  /** The branch's number ("12") or its text when there is no ref. */
  branchNumber: string | null;
  branchText: string | null;
  streetName: string | null;
  house: string | null;
  appt: string | null;
}

export interface MpOrder {
  externalId: string;
  orderedAt: Date | null;
  /** The marketplace's own status code (for the log; not interpreted beyond `isNew`). */
  status: string;
  /** The order is new (waiting for the seller): only such orders become drafts. */
  isNew: boolean;
  /** The order was cancelled on the marketplace (a draft of it is dismissed). */
  isCancelled: boolean;
  lastName: string;
  firstName: string;
  middleName: string | null;
  /** As the marketplace wrote it. */
  phone: string;
  delivery: MpDelivery;
  /** cod: cash on delivery; prepaid: the buyer paid on the marketplace. */
  payment: 'cod' | 'prepaid';
  totalKop: number;
  comment: string | null;
  lines: MpLine[];
  raw: unknown;
}

export interface MpPage {
  orders: MpOrder[];
  /** Where the next poll starts (opaque to the caller; null keeps the previous one). */
  cursor: string | null;
}

/** What the portal says of its order, in the marketplace's terms (mapped by each client). */
export type MpStatus = 'accepted' | 'shipped' | 'delivered' | 'cancelled' | 'returned';

export interface MpUpdate {
  status: MpStatus;
  /** The Nova Poshta waybill number, when there is one. */
  ttn: string | null;
}

export interface MarketplaceClient {
  readonly marketplace: Marketplace;
  /**
   * Checks the credentials against the marketplace. Answers the account they belong to (a
   * Horoshop domain, a Rozetka login, '' for Prom) and what the reseller may see of them.
   * Throws MpAuthError when the marketplace refuses them.
   */
  check(creds: MarketplaceCredentials): Promise<{ account: string; display: string }>;
  /** Orders created or changed since `cursor` (null: the first poll, the last few days). */
  poll(creds: MarketplaceCredentials, cursor: string | null): Promise<MpPage>;
  /** Sends the status and the waybill to the marketplace order; throws MpRefused when it does not accept them. */
  push(creds: MarketplaceCredentials, externalId: string, update: MpUpdate, previous: MpUpdate | null): Promise<void>;
}

/** The marketplace refuses the credentials (bad token, wrong password, access withdrawn). */
export class MpAuthError extends Error {}
/** Too many calls: try again after `retryAfterSeconds`. */
export class MpRateLimited extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
/** The marketplace answered and refused what we asked (its own words in the message). */
export class MpRefused extends Error {}
/** No usable answer: network, timeout, 5xx, a body that is not what the API sends. */
export class MpUnavailable extends Error {}

/** Parses a money amount as marketplaces write it ("1 234,50 грн", "640.00", 1200) into kopecks; null when it is not one. */
export function moneyToKop(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? Math.round(v * 100) : null;
  if (typeof v !== 'string') return null;
  let s = v.replace(/[\s\u00a0\u202f]/g, '').replace(/(грн|uah|₴)\.?$/i, '');
  if (/^-?\d+,\d{1,2}$/.test(s)) s = s.replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(s)) return null;
  const [int, frac = ''] = s.replace('-', '').split('.');
  const kop = Number(int) * 100 + Number(frac.padEnd(2, '0'));
  return s.startsWith('-') ? -kop : kop;
}
