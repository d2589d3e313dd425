import { maskSecret } from '../../../lib/secret-box.ts';
import { isObject, mpFetch, str, strOrNull, type MpHttpOptions, type MpResponse } from '../http.ts';
import {
  MpAuthError,
  MpRefused,
  MpUnavailable,
  moneyToKop,
  type MarketplaceClient,
  type MarketplaceCredentials,
  type MpDelivery,
  type MpOrder,
  type MpStatus,
  type MpUpdate,
  type PromCredentials,
} from '../types.ts';

/**
 * Prom.ua's public API v1 (`Authorization: Bearer <company API token>`): orders through
 * `/orders/list` (newest first, `last_id` pages back, at most 100 a page) filtered on the
 * modification time, the status through `/orders/set_status`, the waybill through
 * `/delivery/save_declaration_id`. Money comes as text ("1 234,50 грн").
 */
export interface PromClientOptions extends MpHttpOptions {
  baseUrl: () => string;
  now?: () => Date;
}

const PAGE = 100;
/** Pages read in one poll at most (a backlog is read over the next polls). */
const MAX_PAGES = 10;
/** How far back the first poll reads. */
const FIRST_POLL_DAYS = 3;
/**
 * Each poll reads back this much before the newest modification it has seen: Prom's filter has
 * no time zone (UTC or Kyiv, its documentation does not say), so three hours cover either.
 * Orders read twice are recognised by the caller.
 */
const OVERLAP_MS = 3 * 3600_000;

const NEW_STATUSES: readonly string[] = ['pending', 'received', 'paid'];

/** A filter's date as Prom takes it: `YYYY-MM-DDTHH:MM:SS` (UTC). */
const filterDate = (d: Date) => d.toISOString().slice(0, 19);

function token(creds: MarketplaceCredentials): string {
  const t = (creds as PromCredentials).token;
  if (!t) throw new MpAuthError('Prom.ua: no API token');
  return t;
}

function delivery(o: Record<string, unknown>): MpDelivery {
  const option = isObject(o.delivery_option) ? o.delivery_option : {};
  const data = isObject(o.delivery_provider_data) ? o.delivery_provider_data : {};
  const address = isObject(data.recipient_address) ? data.recipient_address : {};
  const optionName = str(option.name);
  const np = data.provider === 'nova_poshta' || /нова\s*пошта|новая\s*почта|nova\s*poshta/i.test(optionName);
  const courier = typeof data.type === 'string' && /2D$/i.test(data.type);
  const text = str(o.delivery_address);
  // Without refs, the address text is "<city>, №<n> ..." (a branch) as Prom writes it.
  const number = /№\s*(\d+)/.exec(text)?.[1] ?? null;
  return {
    carrier: np ? 'nova_poshta' : 'other',
    carrierName: optionName || 'Prom.ua',
    method: courier ? 'Courier' : 'Branch',
    cityRef: strOrNull(address.city_id),
    warehouseRef: courier ? null : (strOrNull(data.recipient_warehouse_id) ?? strOrNull(address.warehouse_id)),
    cityName: strOrNull(address.city_name) ?? strOrNull(text.split(',')[0]),
    branchNumber: courier ? null : number,
    branchText: courier ? null : strOrNull(text),
    streetName: courier ? strOrNull(address.street_name) : null,
    house: courier ? strOrNull(address.building_number) : null,
    appt: courier ? strOrNull(address.apartment_number) : null,
  };
}

/** Prom's order as the portal reads it. */
export function promOrder(o: Record<string, unknown>): MpOrder {
  const recipient = isObject(o.delivery_recipient) && str(o.delivery_recipient.last_name) ? o.delivery_recipient : null;
  const payment = isObject(o.payment_data) ? o.payment_data : null;
  const status = str(o.status);
  const declaration = isObject(o.delivery_provider_data) ? strOrNull(o.delivery_provider_data.declaration_number) : null;
  const products = Array.isArray(o.products) ? o.products.filter(isObject) : [];
  const date = Date.parse(str(o.date_created));
  return {
    externalId: str(o.id),
    orderedAt: Number.isNaN(date) ? null : new Date(date),
    status,
    isNew: !declaration && (NEW_STATUSES.includes(status) || status.startsWith('custom-')),
    isCancelled: status === 'canceled',
    lastName: str(recipient?.last_name ?? o.client_last_name).trim(),
    firstName: str(recipient?.first_name ?? o.client_first_name).trim(),
    middleName: strOrNull(recipient?.second_name ?? o.client_second_name),
    phone: str(recipient?.phone || o.phone).trim(),
    delivery: delivery(o),
    payment: payment?.status === 'paid' || status === 'paid' ? 'prepaid' : 'cod',
    totalKop: moneyToKop(o.full_price ?? o.price) ?? 0,
    comment: strOrNull(o.client_notes),
    lines: products.map((p) => ({
      ref: str(p.id),
      offerId: str(p.external_id).trim(),
      sku: str(p.sku),
      name: str(p.name),
      qty: Math.max(1, Math.round(Number(p.quantity) || 1)),
      priceKop: moneyToKop(p.price) ?? 0,
    })),
    raw: o,
  };
}

/** Prom's error text from a JSON answer, or the HTTP status. */
const promError = (r: MpResponse) => (isObject(r.json) && typeof r.json.error === 'string' ? r.json.error : `HTTP ${r.status}`);

export function promClient(opts: PromClientOptions): MarketplaceClient {
  const now = opts.now ?? (() => new Date());
  async function call(creds: MarketplaceCredentials, method: 'GET' | 'POST', path: string, payload?: unknown): Promise<MpResponse> {
    const r = await mpFetch(
      `Prom.ua ${method} ${path.split('?')[0]}`,
      `${opts.baseUrl()}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${token(creds)}`,
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      },
      opts,
    );
    // 401: the token is wrong or deleted; 403: it lacks the rights, or the company's plan has no API (an HTML page).
    if (r.status === 401 || r.status === 403) throw new MpAuthError(`Prom.ua: ${r.json === undefined ? 'API access denied' : promError(r)}`);
    return r;
  }
  const json = (r: MpResponse, label: string): Record<string, unknown> => {
    if (!isObject(r.json)) throw new MpUnavailable(`Prom.ua ${label}: HTTP ${r.status}, not the API's JSON`);
    return r.json;
  };

  async function setStatus(creds: MarketplaceCredentials, id: number, status: string, extra: Record<string, unknown> = {}): Promise<void> {
    const r = await call(creds, 'POST', '/orders/set_status', { status, ids: [id], ...extra });
    const body = json(r, 'set_status');
    if (r.status >= 400) throw new MpRefused(`Prom.ua: ${promError(r)}`);
    const processed = Array.isArray(body.processed_ids) ? body.processed_ids.map(Number) : [];
    if (!processed.includes(id)) {
      const errors = isObject(body.errors) ? body.errors : {};
      throw new MpRefused(`Prom.ua: ${str(errors[String(id)]) || 'the status was not accepted'}`);
    }
  }

  const STATUS_OF: Record<MpStatus, string> = {
    accepted: 'received',
    shipped: 'received',
    delivered: 'delivered',
    cancelled: 'canceled',
    returned: 'canceled',
  };

  return {
    marketplace: 'prom',
    async check(creds) {
      const r = await call(creds, 'GET', '/orders/list?limit=1');
      const body = json(r, 'orders/list');
      if (r.status >= 400 || !Array.isArray(body.orders)) throw new MpUnavailable(`Prom.ua orders/list: ${promError(r)}`);
      return { account: '', display: maskSecret(token(creds)) };
    },
    async poll(creds, cursor) {
      const since =
        cursor && !Number.isNaN(Date.parse(cursor)) ? new Date(Date.parse(cursor) - OVERLAP_MS) : new Date(now().getTime() - FIRST_POLL_DAYS * 86_400_000);
      const orders: MpOrder[] = [];
      let newest = cursor ? Date.parse(cursor) : 0;
      let lastId: number | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const q = new URLSearchParams({ last_modified_from: filterDate(since), limit: String(PAGE) });
        if (lastId !== null) q.set('last_id', String(lastId));
        const r = await call(creds, 'GET', `/orders/list?${q}`);
        const body = json(r, 'orders/list');
        if (r.status >= 400 || !Array.isArray(body.orders)) throw new MpUnavailable(`Prom.ua orders/list: ${promError(r)}`);
        const list = body.orders.filter(isObject);
        for (const o of list) {
          orders.push(promOrder(o));
          const modified = Date.parse(str(o.date_modified));
          if (modified > newest) newest = modified;
          const id = Number(o.id);
          if (Number.isInteger(id) && (lastId === null || id < lastId)) lastId = id;
        }
        if (list.length < PAGE || lastId === null) break;
      }
      return { orders, cursor: newest > 0 ? new Date(newest).toISOString() : null };
    },
    async push(creds, externalId, update: MpUpdate, previous: MpUpdate | null) {
      const id = Number(externalId);
      if (!Number.isInteger(id)) throw new MpRefused(`Prom.ua: ${externalId} is not an order id`);
      const want = STATUS_OF[update.status];
      const had = previous ? STATUS_OF[previous.status] : null;
      // Setting the status the order already has is harmless on Prom, so a retry after a half-done push repeats it.
      if (want !== had) {
        if (want === 'canceled')
          await setStatus(creds, id, 'canceled', {
            cancellation_reason: 'another',
            cancellation_text: update.status === 'returned' ? 'Покупець не отримав посилку, її повернуто' : 'Замовлення скасовано постачальником',
          });
        else await setStatus(creds, id, want);
      }
      if (update.ttn && update.ttn !== previous?.ttn && want !== 'canceled') {
        const r = await call(creds, 'POST', '/delivery/save_declaration_id', { order_id: id, declaration_id: update.ttn, delivery_type: 'nova_poshta' });
        const body = json(r, 'save_declaration_id');
        if (r.status >= 400 || body.status !== 'success') {
          const errors = isObject(body.errors) ? Object.values(body.errors).map(str).filter(Boolean) : [];
          throw new MpRefused(`Prom.ua: ${[str(body.message) || str(body.error), ...errors].filter(Boolean).join('; ') || 'the waybill was not accepted'}`);
        }
      }
    },
  };
}
