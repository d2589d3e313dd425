import { createHash } from 'node:crypto';
import { kyivParts } from '@drop/shared';
import { isObject, mpFetch, str, strOrNull, type MpHttpOptions } from '../http.ts';
import {
  MpAuthError,
  MpRefused,
  MpUnavailable,
  moneyToKop,
  type MarketplaceClient,
  type MarketplaceCredentials,
  type MpDelivery,
  type MpLine,
  type MpOrder,
  type MpUpdate,
  type RozetkaCredentials,
} from '../types.ts';

/**
 * Rozetka's Seller API (https://api-seller.rozetka.com.ua; the apidoc mirrored in
 * GERA-OneTeam/Rozetka-API-Seller docs/categories/*.md). A seller's manager logs in with
 * `POST /sites` (the password in Base64) and gets a Bearer token that lives 24 hours; every answer
 * is `{success, content}` or `{success: false, errors: {message, code, description|details}}`,
 * mostly with HTTP 200. Orders come from `GET /orders/search` (20 a page, `_meta.pageCount`),
 * filtered on their modification time (`changed_from`) and expanded with `delivery`, `purchases`
 * and `payment`; the status and the waybill go back with `PUT /orders/{id}` `{status, ttn}`, which
 * Rozetka accepts only for a status in the order's `status_available`.
 */
export interface RozetkaClientOptions extends MpHttpOptions {
  baseUrl: () => string;
  /** The client's clock (tests): the first poll's window and the age of a cached token. */
  now?: () => Date;
  /** Pages read in one poll at most (default 10; tests). */
  maxPages?: number;
}

/** Pages (of 20) read in one poll at most: a backlog is read over the next polls. */
const MAX_PAGES = 10;
/** How far back the first poll reads. */
const FIRST_POLL_DAYS = 3;
/** Each poll reads back this much before the newest `changed` it has seen (orders read twice are recognised by the caller). */
const OVERLAP_MS = 5 * 60_000;
/** A token lives 24 hours; a cached one is renewed an hour before. */
const TOKEN_RENEW_MS = 23 * 3600_000;
const EXPAND = 'delivery,purchases,payment';

// ---- Kyiv wall-clock dates: Rozetka (and Horoshop) write `YYYY-MM-DD HH:MM:SS` in Kyiv time, no zone ----

/** `YYYY-MM-DD HH:MM:SS` on the Kyiv wall clock. */
export function kyivDateTime(d: Date): string {
  const p = kyivParts(d);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The instant of a Kyiv wall-clock time (the zone's offset found by two corrections, so summer time is right). */
export function kyivInstant(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  let t = wall - 2 * 3600_000;
  for (let i = 0; i < 2; i++) {
    const p = kyivParts(new Date(t));
    t += wall - Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  }
  return new Date(t);
}

/** `YYYY-MM-DD HH:MM:SS` (or `YYYY-MM-DD`) read as Kyiv time; null when it is not one. */
export function parseKyivDateTime(v: unknown): Date | null {
  const m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(v.trim()) : null;
  if (!m) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x))) as number[];
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h > 23 || mi > 59 || s > 59) return null;
  const at = kyivInstant(y!, mo!, d!, h, mi, s);
  return Number.isNaN(at.getTime()) ? null : at;
}

// ---- Reading an order ----------------------------------------------------------------------

/**
 * Statuses of an order still waiting for the seller (models.md «Статуси замовлення»): 1 new,
 * 52 new one-click order, 26 being handled by a manager, 2 being assembled (data confirmed),
 * 47 a call back planned, 46 restored during a call. Any of them with `status_group` 1 and no
 * waybill yet makes a draft.
 */
const WAITING_STATUSES: ReadonlySet<number> = new Set([1, 2, 26, 46, 47, 52]);
/** Statuses before the seller has accepted the order (an `accepted` push moves them on to 26). */
const NOT_ACCEPTED: ReadonlySet<number> = new Set([1, 7, 46, 47, 52, 53]);

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const guid = (v: unknown): string | null => {
  const s = str(v).trim();
  return GUID.test(s) ? s.toLowerCase() : null;
};

interface Names {
  last: string;
  first: string;
  middle: string;
}
const titleNames = (t: unknown): Names | null =>
  isObject(t) ? { last: str(t.last_name).trim(), first: str(t.first_name).trim(), middle: str(t.second_name).trim() } : null;

/**
 * The recipient: `delivery.recipient_*` (current), else the deprecated top-level
 * `recipient_title`/`recipient_phone`, else the buyer (`user_title`/`user_phone`); a full name
 * alone ("Прізвище Ім'я По батькові") is split.
 */
function recipient(o: Record<string, unknown>, d: Record<string, unknown>): Names & { phone: string } {
  const candidates: (Names | null)[] = [
    { last: str(d.recipient_last_name).trim(), first: str(d.recipient_first_name).trim(), middle: str(d.recipient_second_name).trim() },
    titleNames(o.recipient_title),
    titleNames(o.user_title),
  ];
  let names = candidates.find((n): n is Names => Boolean(n && (n.last || n.first)));
  if (!names) {
    const full = (typeof d.recipient_title === 'string' ? d.recipient_title : isObject(o.user_title) ? str(o.user_title.full_name) : '').trim().split(/\s+/);
    names = { last: full[0] ?? '', first: full[1] ?? '', middle: full.slice(2).join(' ') };
  }
  const phone = [d.recipient_phone, o.recipient_phone, o.user_phone].map((p) => str(p).trim()).find(Boolean) ?? '';
  return { ...names, phone };
}

/**
 * Nova Poshta when the service says so (`delivery_service_name` «Нова Пошта»/«Новая Почта», logo
 * `nova-pochta`); `delivery_method_id` 2 is a courier to the door, 1 a pickup point
 * (deliverymanagement.md: «1 - самовивіз, 2 - кур'єр»). For Nova Poshta, `ref_id` is the branch's
 * ref and `city.uuid` the city's (taken only when they are refs), `place_number` the branch number.
 */
function rozetkaDelivery(d: Record<string, unknown>): MpDelivery {
  const service = str(d.delivery_service_name).trim();
  const logo = str(d.name_logo).trim().toLowerCase();
  const np = /нова\s*пошта|новая\s*почта|nova\s*po[sš]hta|nova\s*pochta/i.test(service) || /^nova-?po(ch|sh)ta$|^novaposhta$/.test(logo);
  const courier = Number(d.delivery_method_id) === 2;
  const city = isObject(d.city) ? d.city : {};
  const place = [str(d.place_street).trim(), str(d.place_house).trim()].filter(Boolean).join(', ');
  return {
    carrier: np ? 'nova_poshta' : 'other',
    carrierName: service || (np ? 'Нова Пошта' : 'Rozetka'),
    method: courier ? 'Courier' : 'Branch',
    cityRef: np ? guid(city.uuid) : null,
    warehouseRef: np && !courier ? guid(d.ref_id) : null,
    cityName: strOrNull(city.name_ua) ?? strOrNull(city.city_name) ?? strOrNull(city.name) ?? strOrNull(city.title),
    branchNumber: courier ? null : strOrNull(d.place_number),
    branchText: courier ? null : strOrNull(place),
    streetName: courier ? strOrNull(d.place_street) : null,
    house: courier ? strOrNull(d.place_house) : null,
    appt: courier ? strOrNull(d.place_flat) : null,
  };
}

/**
 * Cash on delivery only for `payment_type` «cash» (or none known) not yet paid: «card» is paid
 * online through Rozetka, «credit» by the bank.
 */
function rozetkaPayment(o: Record<string, unknown>): 'cod' | 'prepaid' {
  const p = isObject(o.payment) ? o.payment : {};
  const type = str(p.payment_type || o.payment_type)
    .trim()
    .toLowerCase();
  const status = isObject(p.payment_status) ? str(p.payment_status.name) : str(o.payment_status);
  if (status.toLowerCase() === 'paid' || o.is_payed === true) return 'prepaid';
  return type && type !== 'cash' && type !== 'undefined' ? 'prepaid' : 'cod';
}

/** Rozetka's order (from /orders/search or /orders/{id} with `expand=delivery,purchases,payment`) as the portal reads it. */
export function rozetkaOrder(o: Record<string, unknown>): MpOrder {
  const d = isObject(o.delivery) ? o.delivery : {};
  const who = recipient(o, d);
  const status = Number(o.status);
  const group = Number(o.status_group);
  const ttn = str(o.ttn).trim();
  const lines: MpLine[] = (Array.isArray(o.purchases) ? o.purchases.filter(isObject) : []).map((p) => {
    const item = isObject(p.item) ? p.item : {};
    return {
      ref: str(p.id) || str(p.item_id),
      offerId: (str(item.price_offer_id) || str(item.uploader_offer_id)).trim(),
      sku: str(item.article).trim(),
      name: (str(p.item_name) || str(item.name_ua) || str(item.name)).trim(),
      qty: Math.max(1, Math.round(Number(p.quantity) || 1)),
      priceKop: moneyToKop(p.price_with_discount) ?? moneyToKop(p.price) ?? 0,
    };
  });
  return {
    externalId: str(o.id),
    orderedAt: parseKyivDateTime(o.created),
    status: str(o.status),
    isNew: group === 1 && WAITING_STATUSES.has(status) && !ttn,
    isCancelled: group === 3,
    lastName: who.last,
    firstName: who.first,
    middleName: who.middle || null,
    phone: who.phone,
    delivery: rozetkaDelivery(d),
    payment: rozetkaPayment(o),
    // The goods after discounts (`amount_with_discount`); `cost*` add the delivery.
    totalKop: moneyToKop(o.amount_with_discount) ?? moneyToKop(o.amount) ?? lines.reduce((a, l) => a + l.priceKop * l.qty, 0),
    comment: strOrNull(o.comment),
    lines,
    raw: o,
  };
}

// ---- The client -----------------------------------------------------------------------------

interface RzError {
  code: number;
  text: string;
}
interface RzEnvelope {
  success: boolean;
  content?: unknown;
  errors?: unknown;
}

/** `errors` is an object in real answers (the docs say an array); `description` in real answers, `details` in the docs. */
function rzError(env: RzEnvelope): RzError {
  const e = Array.isArray(env.errors) ? env.errors[0] : env.errors;
  if (!isObject(e)) return { code: -1, text: 'unknown error' };
  const details = e.details;
  const detailText =
    typeof details === 'string'
      ? details
      : Array.isArray(details)
        ? details.map(str).filter(Boolean).join(', ')
        : isObject(details)
          ? Object.entries(details)
              .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.map(str).join(', ') : str(v)}`)
              .join('; ')
          : '';
  const main = str(e.description) || str(e.message) || 'unknown error';
  return { code: Number(e.code), text: detailText && detailText !== main ? `${main} (${detailText})` : main };
}

function rozetkaCreds(creds: MarketplaceCredentials): RozetkaCredentials {
  const c = creds as Partial<RozetkaCredentials>;
  if (typeof c.username !== 'string' || typeof c.password !== 'string' || !c.username.trim() || !c.password)
    throw new MpAuthError('Rozetka: a username and a password are expected');
  return { username: c.username.trim(), password: c.password };
}

/** What the seller may set from the order's status (`expand=status_available`); null when the answer does not say. */
const available = (o: Record<string, unknown>): Set<number> | null =>
  Array.isArray(o.status_available) ? new Set(o.status_available.filter(isObject).map((s) => Number(s.child_id))) : null;

interface Target {
  status: number;
  ttn?: string;
}

export function rozetkaClient(opts: RozetkaClientOptions): MarketplaceClient {
  const now = opts.now ?? (() => new Date());
  const tokens = new Map<string, { token: string; at: number }>();
  const logins = new Map<string, Promise<string>>();
  const keyOf = (c: RozetkaCredentials) => createHash('sha256').update(`${opts.baseUrl()}\0${c.username.toLowerCase()}\0${c.password}`).digest('hex');

  async function call(method: 'GET' | 'POST' | 'PUT', path: string, o: { query?: Record<string, string | number>; body?: unknown; token?: string } = {}) {
    const url = new URL(`${opts.baseUrl().replace(/\/+$/, '')}${path}`);
    for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, String(v));
    const label = `Rozetka ${method} ${path}`;
    const res = await mpFetch(
      label,
      url.toString(),
      {
        method,
        headers: {
          accept: 'application/json',
          'content-language': 'uk',
          // Search methods then answer a bad filter with an error rather than with nothing.
          'accept-validate-exception': '1',
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: o.body === undefined ? undefined : JSON.stringify(o.body),
      },
      opts,
    );
    const j = res.json;
    if (!isObject(j) || typeof j.success !== 'boolean') throw new MpUnavailable(`${label}: HTTP ${res.status}, not the API's JSON`);
    return j as unknown as RzEnvelope;
  }

  /** Logs in (a password in Base64, as `POST /sites` wants it) and caches the token. */
  async function login(c: RozetkaCredentials): Promise<string> {
    const key = keyOf(c);
    const pending = logins.get(key);
    if (pending) return pending;
    const p = (async () => {
      const env = await call('POST', '/sites', { body: { username: c.username, password: Buffer.from(c.password, 'utf8').toString('base64') } });
      if (!env.success) {
        const e = rzError(env);
        if (e.code === 0 || e.code === 5503) throw new MpUnavailable(`Rozetka: ${e.text}`);
        // 1004/1020 wrong login or password, 5401, 1010 access denied, 1001 a field missing: the credentials do not work.
        throw new MpAuthError(`Rozetka: ${e.text}`);
      }
      const token = isObject(env.content) ? str(env.content.access_token) : '';
      if (!token) throw new MpUnavailable('Rozetka POST /sites: no access_token in the answer');
      tokens.set(key, { token, at: now().getTime() });
      return token;
    })();
    logins.set(key, p);
    try {
      return await p;
    } finally {
      logins.delete(key);
    }
  }

  async function tokenFor(c: RozetkaCredentials): Promise<string> {
    const cached = tokens.get(keyOf(c));
    if (cached && now().getTime() - cached.at < TOKEN_RENEW_MS) return cached.token;
    return login(c);
  }

  /**
   * A call with the seller's token: a token Rozetka no longer takes (6001 session_expired, 5401
   * invalid_credentials) is renewed once by logging in again; other refusals are MpRefused with
   * Rozetka's own words.
   */
  async function authed(c: RozetkaCredentials, method: 'GET' | 'PUT', path: string, o: { query?: Record<string, string | number>; body?: unknown } = {}) {
    for (let attempt = 0; ; attempt++) {
      const token = attempt === 0 ? await tokenFor(c) : await login(c);
      const env = await call(method, path, { ...o, token });
      if (env.success) {
        if (!isObject(env.content)) throw new MpUnavailable(`Rozetka ${method} ${path}: no content in the answer`);
        return env.content;
      }
      const e = rzError(env);
      if (e.code === 6001 || e.code === 5401) {
        tokens.delete(keyOf(c));
        if (attempt === 0) continue;
        throw new MpAuthError(`Rozetka: ${e.text}`);
      }
      if (e.code === 1010) throw new MpAuthError(`Rozetka: ${e.text}`);
      if (e.code === 0 || e.code === 5503) throw new MpUnavailable(`Rozetka: ${e.text}`);
      throw new MpRefused(`Rozetka: ${e.text}`);
    }
  }

  const put = (c: RozetkaCredentials, id: string, t: Target) =>
    authed(c, 'PUT', `/orders/${id}`, { query: { expand: 'status_available' }, body: t.ttn ? { status: t.status, ttn: t.ttn } : { status: t.status } });

  /**
   * Sets the first of `targets` the order's `status_available` admits, first stepping through the
   * statuses of `via` (the usual path: 26 «Опрацьовується менеджером», 2, 4) while none is; when
   * neither a target nor a step is available, nothing is sent (Rozetka would refuse it).
   */
  async function walk(c: RozetkaCredentials, id: string, order: Record<string, unknown>, targets: Target[], via: number[]): Promise<void> {
    let o = order;
    for (let step = 0; step <= via.length; step++) {
      const can = available(o);
      const target = targets.find((t) => !can || can.has(t.status));
      if (target) {
        await put(c, id, target);
        return;
      }
      // Only forward along the path: the steps after the one the order is at.
      const next = via.slice(via.indexOf(Number(o.status)) + 1).find((s) => can!.has(s));
      if (next === undefined) break;
      o = await put(c, id, { status: next });
    }
    throw new MpRefused(
      `Rozetka: order ${id} is in status ${str(o.status)}, from which status ${targets.map((t) => t.status).join(' or ')} cannot be set (available: ${[...(available(o) ?? [])].join(', ') || 'none'})`,
    );
  }

  return {
    marketplace: 'rozetka',

    async check(creds) {
      const c = rozetkaCreds(creds);
      tokens.delete(keyOf(c));
      await login(c);
      return { account: c.username.toLowerCase(), display: `${c.username} · ••••` };
    },

    async poll(creds, cursor) {
      const c = rozetkaCreds(creds);
      const maxPages = opts.maxPages ?? MAX_PAGES;
      // The cursor: the newest `changed` seen ("YYYY-MM-DD HH:MM:SS"), the next poll reading from
      // a little before it; or, after a poll cut at maxPages, where to go on:
      // "<changed_from>@<next page>@<newest so far>" (pages, not times: many orders may share a second).
      const [head, next, seen] = (cursor ?? '').split('@');
      const resume = next !== undefined && /^\d+$/.test(next) && parseKyivDateTime(head) ? { from: head!, page: Number(next) } : null;
      const last = resume ? null : parseKyivDateTime(cursor);
      const changedFrom = resume?.from ?? kyivDateTime(last ? new Date(last.getTime() - OVERLAP_MS) : new Date(now().getTime() - FIRST_POLL_DAYS * 86_400_000));
      const byId = new Map<string, MpOrder>();
      let newest = resume ? (parseKyivDateTime(seen) ? seen! : '') : last ? cursor! : '';
      // Oldest change first (`sort=changed`, UNCONFIRMED as a sort column; the docs show `sort=-id`):
      // orders changed while the poll reads move to the end, so nothing is skipped.
      const first = resume?.page ?? 1;
      for (let page = first; ; page++) {
        if (page === first + maxPages) return { orders: [...byId.values()], cursor: `${changedFrom}@${page}@${newest}` };
        const content = await authed(c, 'GET', '/orders/search', { query: { changed_from: changedFrom, sort: 'changed', expand: EXPAND, page } });
        if (!Array.isArray(content.orders)) throw new MpUnavailable('Rozetka GET /orders/search: no orders in the answer');
        for (const o of content.orders.filter(isObject)) {
          if (o.id === undefined || o.id === null) continue;
          byId.set(str(o.id), rozetkaOrder(o));
          const changed = str(o.changed) || str(o.created);
          // `YYYY-MM-DD HH:MM:SS` strings compare as the times they name.
          if (parseKyivDateTime(changed) && changed > newest) newest = changed;
        }
        const meta = isObject(content._meta) ? content._meta : {};
        const pageCount = Number(meta.pageCount);
        if (!Number.isFinite(pageCount) || page >= pageCount) break;
      }
      return { orders: [...byId.values()], cursor: newest || (resume ? changedFrom : null) };
    },

    async push(creds, externalId, update: MpUpdate, previous: MpUpdate | null) {
      const c = rozetkaCreds(creds);
      if (!/^\d{1,15}$/.test(externalId)) throw new MpRefused(`Rozetka: ${externalId} is not an order id`);
      if (previous && previous.status === update.status && (previous.ttn ?? null) === (update.ttn ?? null)) return;
      const order = await authed(c, 'GET', `/orders/${externalId}`, { query: { expand: 'status_available' } });
      const status = Number(order.status);
      const group = Number(order.status_group);
      const ttnSent = str(order.ttn).trim();
      const cancelled = () => new MpRefused(`Rozetka: order ${externalId} is cancelled (status ${status})`);
      // With a waybill: 3 «Передано в службу доставки» (the TTN required), else 61 «Заплановано
      // передачу перевізникові», else 2 with the TTN (which Rozetka moves on to 61 itself).
      const shipTargets = (ttn: string): Target[] => [
        { status: 3, ttn },
        { status: 61, ttn },
        { status: 2, ttn },
      ];
      const accept = async () => {
        if (group === 3) throw cancelled();
        if (!NOT_ACCEPTED.has(status)) return; // already accepted, or further on
        // 26 «Опрацьовується менеджером» as the cabinet sets it on accepting (or 2 where 26 is not offered).
        await walk(c, externalId, order, [{ status: 26 }, { status: 2 }], []);
      };
      switch (update.status) {
        case 'accepted':
          return accept();
        case 'shipped':
          // Rozetka refuses status 3 without a TTN: without one there is nothing more to say than "accepted".
          if (!update.ttn) return accept();
          if (group === 3) throw cancelled();
          if (group === 2 || ttnSent === update.ttn) return;
          return walk(c, externalId, order, shipTargets(update.ttn), [26]);
        case 'delivered':
          // Once a TTN is on the order, Rozetka tracks the parcel and completes the order itself
          // ("надалі самостійно переводити замовлення в інші статуси не потрібно").
          if (group === 2 || ttnSent) return;
          if (group === 3) throw cancelled();
          if (update.ttn) return walk(c, externalId, order, shipTargets(update.ttn), [26]);
          return walk(c, externalId, order, [{ status: 6 }], [26, 2, 4]);
        case 'cancelled':
          if (group === 3) return;
          // 40 «Клієнт передумав»: the portal's cancellation carries no reason, and the other
          // seller cancellations each state one that would be false as often as not: 42/16/43 out
          // of stock or a defect (the seller's fault, counted against the shop), 18 could not get
          // in touch, 28 wrong contacts, 44 a fake order, 31/49 a duplicate (49 needs its id).
          return walk(c, externalId, order, [{ status: 40 }], [26]);
        case 'returned':
          if (group === 3) return;
          // A parcel sent with a TTN comes back through Rozetka's own tracking (12 refused on
          // receipt, 11 not collected, 71 and 85 returned); without a TTN, 19 «Замовлення повернено».
          if (ttnSent || update.ttn || previous?.ttn) return;
          return walk(c, externalId, order, [{ status: 19 }], []);
      }
    },
  };
}
