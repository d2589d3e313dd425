import { createHash } from 'node:crypto';
import { isObject, mpFetch, str, strOrNull, type MpHttpOptions } from '../http.ts';
import {
  MpAuthError,
  MpRefused,
  MpUnavailable,
  moneyToKop,
  type HoroshopCredentials,
  type MarketplaceClient,
  type MarketplaceCredentials,
  type MpDelivery,
  type MpLine,
  type MpOrder,
  type MpStatus,
  type MpUpdate,
} from '../types.ts';
import { kyivDateTime, parseKyivDateTime } from '../rozetka/client.ts';

/**
 * The Horoshop API of a site (https://{domain}/api/{function}/, official docs on
 * horoshop.atlassian.net, DOCS space): JSON POST with the token in the body, answers
 * `{status, response}` with HTTP 200 whatever happened (`OK`, `EMPTY`, `WARNING`, `ERROR`,
 * `UNAUTHORIZED`, `AUTHORIZATION_ERROR`, ...). A site's admin logs in with `auth` (a token for
 * 600 seconds); orders come from `orders/get` (`from`, `limit`/`offset`, `additionalData` for the
 * Nova Poshta branch ref), the status and the waybill go back with `orders/update`, which answers
 * `WARNING` with a per-order log entry `ERROR` when it refuses one.
 */
export interface HoroshopClientOptions extends MpHttpOptions {
  /** The API's base of a site (`https://{domain}/api`). */
  baseUrl: (domain: string) => string;
  /** The client's clock (tests): the first poll's window and the age of a cached token. */
  now?: () => Date;
  /** Pages of new orders read in one poll at most (default 10; tests). */
  maxPages?: number;
  /** Orders asked for a page (`limit`, default 100; tests). */
  pageSize?: number;
}

const PAGE = 100;
/** Pages read in one poll at most (a backlog is read over the next polls). */
const MAX_PAGES = 10;
/** Pages of recent cancellations read in one poll at most. */
const CANCEL_PAGES = 3;
/** How far back the first poll reads, and how far back cancellations are looked for. */
const WINDOW_DAYS = 3;
/** Each poll reads back this much before the newest order it has seen (orders read twice are recognised by the caller). */
const OVERLAP_MS = 10 * 60_000;
/** A token lives 600 s; a cached one is renewed at 540 s. */
const TOKEN_RENEW_MS = 540_000;

/** 1 new, 2 processing, 3 delivered, 4 not delivered (cancelled), 6 shipping (orders/get_available_statuses). */
const STATUS_OF: Record<MpStatus, number> = { accepted: 2, shipped: 6, delivered: 3, cancelled: 4, returned: 4 };

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A multilingual title (`{ua, ru, en}`) or a plain one. */
const titleOf = (v: unknown): string => {
  if (typeof v === 'string') return v.trim();
  if (!isObject(v)) return '';
  return (str(v.ua) || str(v.uk) || str(v.ru) || str(v.en) || Object.values(v).map(str).find(Boolean) || '').trim();
};

/**
 * Cash on delivery unless the order is paid (`payed` 1) or its payment type is plainly not cash
 * (a card online, a bank transfer, a payment service). A title that says neither counts as cash
 * on delivery: shipping without collecting the money is the costlier mistake.
 */
export function horoshopPaidAhead(title: string): boolean {
  const t = title.toLowerCase();
  if (/безготів|безнал|cashless|non-cash/.test(t)) return true;
  if (/налож|наклад|післяплат|послеоплат|при\s+отрим|при\s+получ|готівк|наличн|cash|\bcod\b/.test(t)) return false;
  return /карт|card|онлайн|online|liqpay|wayforpay|fondy|portmone|monobank|mono\s*pay|apple\s*pay|google\s*pay|privat\s*24|приват\s*24|передоплат|предоплат|рахун|счет|iban/.test(
    t,
  );
}

/**
 * The delivery: Nova Poshta when the delivery type's title says so («Нова Пошта», «Новою поштою»,
 * «Новой почтой», «Nova Poshta»), a courier when it says «кур'єр»/«адресна»; the branch's ref
 * from `additional_data.recipient_warehouse_ref` (asked with `additionalData`). The city, the
 * address text and the branch number in it come from `delivery_city`/`delivery_address`, fields
 * the official page names but no measured answer showed (UNCONFIRMED: read when present).
 * Horoshop gives no city ref.
 */
function horoshopDelivery(o: Record<string, unknown>): MpDelivery {
  const title = titleOf(isObject(o.delivery_type) ? o.delivery_type.title : '');
  const operator = isObject(o.delivery_data) ? str(o.delivery_data.deliveryOperatorType) : '';
  const np =
    /нова\s*пошта|новою\s*поштою|новой\s*почтой|новая\s*почта|nova\s*po[sš]hta/i.test(title) ||
    /^nova[_-]?po(sh|ch)ta$|^novaposhta$|^np$/i.test(operator.trim());
  const courier = /кур['’ʼ`]?[єе]р|адресн|courier|двер/i.test(title);
  const extra = isObject(o.additional_data) ? o.additional_data : {};
  const ref = str(extra.recipient_warehouse_ref).trim();
  const address = str(o.delivery_address).trim();
  // "вул. Хрещатик, 22, кв. 5": the street, the house, the flat.
  const door = courier ? /^(.*?),\s*(?:буд\.?\s*)?([0-9][0-9A-Za-zА-Яа-яІіЇїЄє/-]*)(?:,\s*(?:кв\.?|квартира)\s*([0-9A-Za-zА-Яа-я/-]+))?$/u.exec(address) : null;
  return {
    carrier: np ? 'nova_poshta' : 'other',
    carrierName: title || 'Horoshop',
    method: courier ? 'Courier' : 'Branch',
    cityRef: null,
    warehouseRef: np && !courier && GUID.test(ref) ? ref.toLowerCase() : null,
    cityName: strOrNull(o.delivery_city),
    branchNumber: courier ? null : (/(?:№|#|відділення|отделение)\s*(\d+)/i.exec(address)?.[1] ?? null),
    branchText: courier ? null : strOrNull(address),
    streetName: courier ? (door ? strOrNull(door[1]) : strOrNull(address)) : null,
    house: door ? strOrNull(door[2]) : null,
    appt: door ? strOrNull(door[3]) : null,
  };
}

/**
 * Horoshop's order (orders/get with `additionalData`) as the portal reads it. The recipient comes
 * from `delivery_name` ("Прізвище Ім'я По батькові", split in that order) and `delivery_phone`,
 * the buyer's comment from `comment`: fields of the official page that measured answers did not
 * show (UNCONFIRMED, so empty when absent).
 */
export function horoshopOrder(o: Record<string, unknown>): MpOrder {
  const status = Number(o.stat_status);
  const name = str(o.delivery_name).trim().split(/\s+/).filter(Boolean);
  const payment = isObject(o.payment_type) ? o.payment_type : {};
  const lines: MpLine[] = (Array.isArray(o.products) ? o.products.filter(isObject) : []).map((p, i) => {
    const article = str(p.article).trim();
    return {
      // Horoshop's lines have no id of their own: the product's article (or the line's place).
      ref: article || String(i + 1),
      offerId: article,
      sku: article,
      name: titleOf(p.title),
      qty: Math.max(1, Math.round(Number(p.quantity) || 1)),
      priceKop: moneyToKop(p.price) ?? 0,
    };
  });
  return {
    externalId: str(o.order_id),
    orderedAt: parseKyivDateTime(o.stat_created),
    status: str(o.stat_status),
    isNew: status === 1 || status === 2,
    isCancelled: status === 4,
    lastName: name[0] ?? '',
    firstName: name[1] ?? '',
    middleName: name.length > 2 ? name.slice(2).join(' ') : null,
    phone: str(o.delivery_phone).trim(),
    delivery: horoshopDelivery(o),
    payment: Number(o.payed) === 1 || horoshopPaidAhead(titleOf(payment.title)) ? 'prepaid' : 'cod',
    // The lines after order-level discounts, without the delivery (`total_sum`).
    totalKop: moneyToKop(o.total_sum) ?? moneyToKop(o.total_default) ?? lines.reduce((a, l) => a + l.priceKop * l.qty, 0),
    comment: strOrNull(o.comment),
    lines,
    raw: o,
  };
}

interface HsEnvelope {
  status: string;
  response?: unknown;
}
const messageOf = (env: HsEnvelope): string => {
  const r = env.response;
  if (isObject(r)) return str(r.message) || (Array.isArray(r.messages) ? r.messages.map(str).join('; ') : str(r.messages)) || env.status;
  return str(r) || env.status;
};

function horoshopCreds(creds: MarketplaceCredentials): HoroshopCredentials {
  const c = creds as Partial<HoroshopCredentials>;
  if (typeof c.domain !== 'string' || typeof c.login !== 'string' || typeof c.password !== 'string' || !c.login.trim() || !c.password)
    throw new MpAuthError('Horoshop: a domain, a login and a password are expected');
  const domain = c.domain
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/\.$/, '');
  if (!/^[\p{L}\p{N}.-]+(:\d+)?$/u.test(domain) || !domain.includes('.')) throw new MpAuthError(`Horoshop: ${c.domain} is not a site's domain`);
  return { domain, login: c.login.trim(), password: c.password };
}

export function horoshopClient(opts: HoroshopClientOptions): MarketplaceClient {
  const now = opts.now ?? (() => new Date());
  const tokens = new Map<string, { token: string; at: number }>();
  const logins = new Map<string, Promise<string>>();
  const keyOf = (c: HoroshopCredentials) =>
    createHash('sha256')
      .update(`${opts.baseUrl(c.domain)}\0${c.login}\0${c.password}`)
      .digest('hex');

  async function call(domain: string, fn: string, payload: Record<string, unknown>): Promise<HsEnvelope> {
    const label = `Horoshop ${fn}`;
    const res = await mpFetch(
      label,
      `${opts.baseUrl(domain).replace(/\/+$/, '')}/${fn}/`,
      { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify(payload) },
      opts,
    );
    const j = res.json;
    // A site that is down, not a Horoshop site, or without the API answers with a page, not the envelope.
    if (!isObject(j) || typeof j.status !== 'string') throw new MpUnavailable(`${label}: HTTP ${res.status}, not the API's JSON`);
    return j as unknown as HsEnvelope;
  }

  async function login(c: HoroshopCredentials): Promise<string> {
    const key = keyOf(c);
    const pending = logins.get(key);
    if (pending) return pending;
    const p = (async () => {
      const env = await call(c.domain, 'auth', { login: c.login, password: c.password });
      const token = env.status === 'OK' && isObject(env.response) ? str(env.response.token) : '';
      if (token) {
        tokens.set(key, { token, at: now().getTime() });
        return token;
      }
      if (env.status === 'OK') throw new MpUnavailable('Horoshop auth: no token in the answer');
      if (['ERROR', 'AUTHORIZATION_ERROR', 'UNAUTHORIZED'].includes(env.status)) throw new MpAuthError(`Horoshop: ${messageOf(env)}`);
      throw new MpUnavailable(`Horoshop auth: ${env.status} ${messageOf(env)}`);
    })();
    logins.set(key, p);
    try {
      return await p;
    } finally {
      logins.delete(key);
    }
  }

  async function tokenFor(c: HoroshopCredentials): Promise<string> {
    const cached = tokens.get(keyOf(c));
    if (cached && now().getTime() - cached.at < TOKEN_RENEW_MS) return cached.token;
    return login(c);
  }

  /** A call with the token: one Horoshop no longer takes (`UNAUTHORIZED`, `AUTHORIZATION_ERROR`) is renewed once. */
  async function authed(c: HoroshopCredentials, fn: string, params: Record<string, unknown>): Promise<HsEnvelope> {
    for (let attempt = 0; ; attempt++) {
      const token = attempt === 0 ? await tokenFor(c) : await login(c);
      const env = await call(c.domain, fn, { token, ...params });
      if (env.status !== 'UNAUTHORIZED' && env.status !== 'AUTHORIZATION_ERROR') return env;
      tokens.delete(keyOf(c));
      if (attempt > 0) throw new MpAuthError(`Horoshop: ${messageOf(env)}`);
    }
  }

  const failed = (fn: string, env: HsEnvelope) =>
    env.status === 'ERROR' || env.status === 'UNDEFINED_FUNCTION'
      ? new MpRefused(`Horoshop: ${messageOf(env)}`)
      : new MpUnavailable(`Horoshop ${fn}: ${env.status} ${messageOf(env)}`);

  return {
    marketplace: 'horoshop',

    async check(creds) {
      const c = horoshopCreds(creds);
      tokens.delete(keyOf(c));
      await login(c);
      return { account: c.domain, display: `${c.domain} · ${c.login}` };
    },

    async poll(creds, cursor) {
      const c = horoshopCreds(creds);
      const maxPages = opts.maxPages ?? MAX_PAGES;
      const pageSize = opts.pageSize ?? PAGE;
      const windowStart = new Date(now().getTime() - WINDOW_DAYS * 86_400_000);
      // The cursor: the newest `stat_created` seen ("YYYY-MM-DD HH:MM:SS"), the next poll reading
      // from a little before it; or, after a poll cut at maxPages, where to go on:
      // "<from>@<next offset>@<newest so far>".
      const [head, next, seen] = (cursor ?? '').split('@');
      const resume = next !== undefined && /^\d+$/.test(next) && parseKyivDateTime(head) ? { from: head!, offset: Number(next) } : null;
      const last = resume ? null : parseKyivDateTime(cursor);
      const from = resume?.from ?? kyivDateTime(last ? new Date(last.getTime() - OVERLAP_MS) : windowStart);
      const byId = new Map<string, MpOrder>();
      let newest = resume ? (parseKyivDateTime(seen) ? seen! : '') : last ? cursor! : '';
      const read = async (params: Record<string, unknown>, offset: number, advance: boolean): Promise<number | null> => {
        const env = await authed(c, 'orders/get', { ...params, additionalData: true, limit: pageSize, offset });
        if (env.status === 'EMPTY') return null;
        if (env.status !== 'OK') throw failed('orders/get', env);
        const list = isObject(env.response) && Array.isArray(env.response.orders) ? env.response.orders.filter(isObject) : null;
        if (!list) throw new MpUnavailable('Horoshop orders/get: no orders in the answer');
        for (const o of list) {
          if (o.order_id === undefined || o.order_id === null) continue;
          byId.set(str(o.order_id), horoshopOrder(o));
          const created = str(o.stat_created);
          if (advance && parseKyivDateTime(created) && created > newest) newest = created;
        }
        return list.length < pageSize ? null : offset + pageSize;
      };
      // New orders: `from` filters on when an order was made (UNCONFIRMED: the docs name no
      // modification filter), oldest first (UNCONFIRMED), so a poll cut short goes on where it stopped.
      let offset: number | null = resume?.offset ?? 0;
      let cut: string | null = null;
      for (let page = 0; offset !== null; page++) {
        if (page === maxPages) {
          cut = `${from}@${offset}@${newest}`;
          break;
        }
        offset = await read({ from }, offset, true);
      }
      // The last days' cancellations: they change orders made before the cursor (and do not move it).
      for (let page = 0, o: number | null = 0; o !== null && page < CANCEL_PAGES; page++)
        o = await read({ from: kyivDateTime(windowStart), status: [STATUS_OF.cancelled] }, o, false);
      return { orders: [...byId.values()], cursor: cut ?? (newest || (resume ? from : null)) };
    },

    async push(creds, externalId, update: MpUpdate, previous: MpUpdate | null) {
      const c = horoshopCreds(creds);
      if (!/^\d{1,15}$/.test(externalId)) throw new MpRefused(`Horoshop: ${externalId} is not an order number`);
      const entry: Record<string, unknown> = { order_id: Number(externalId) };
      // Only what changed: the status when it is another, the waybill when it is new. Horoshop
      // documents `tracking_code` (shown in the buyer's account) as the only waybill field.
      if (!previous || STATUS_OF[previous.status] !== STATUS_OF[update.status]) entry.status = STATUS_OF[update.status];
      if (update.ttn && update.ttn !== previous?.ttn) entry.tracking_code = update.ttn;
      if (Object.keys(entry).length === 1) return;
      const env = await authed(c, 'orders/update', { orders: [entry] });
      if (env.status !== 'OK' && env.status !== 'WARNING') throw failed('orders/update', env);
      const log = isObject(env.response) && Array.isArray(env.response.log) ? env.response.log : [];
      // One order sent: its entry is the first (the docs' example has no order_id in entries; the prose has one).
      const mine = log.find((l) => isObject(l) && Number(l.order_id) === entry.order_id) ?? log[0];
      if (env.status === 'WARNING' || (isObject(mine) && str(mine.status) && str(mine.status) !== 'OK')) {
        const text = isObject(mine) ? str(mine.message) || (Array.isArray(mine.messages) ? mine.messages.map(str).join('; ') : str(mine.messages)) : '';
        throw new MpRefused(`Horoshop: ${text || 'the order was not updated'}`);
      }
    },
  };
}
