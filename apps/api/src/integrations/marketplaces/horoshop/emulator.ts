import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { emulatorStore, randomToken, registerEmulatorControl, takeFault, type EmulatorStore, type EmuOrderInput } from '../emulator-kit.ts';
import { kyivDateTime, kyivInstant } from '../rozetka/client.ts';

/**
 * A local stand-in for the Horoshop API of a site (https://{domain}/api/{function}/; here
 * /emulators/horoshop/{domain}/api/{function}/, the domain being the seller): `auth`,
 * `orders/get`, `orders/update` and `orders/get_available_statuses`, as the official docs
 * (horoshop.atlassian.net, DOCS space) and clients measured on live sites have them: JSON in, the
 * token in the body, `{status, response}` out with HTTP 200 whatever happened, money as numbers,
 * `stat_created` as `YYYY-MM-DD HH:MM:SS` Kyiv time, `statuses` keyed by id.
 *
 * As strict as Horoshop:
 * - `auth` wants the site admin's login and password (`ERROR` otherwise) and gives a 32-character
 *   token that lives 600 s: a call without one or with a token of no session is
 *   `AUTHORIZATION_ERROR`, an expired one `UNAUTHORIZED`;
 * - `orders/get` takes `from`/`to` as `YYYY-MM-DD` or `DD.MM.YYYY`, with `HH:mm:ss` or without
 *   (inclusive), `ids`, `status` (one or a list), `additionalData` (the only thing it adds is
 *   `additional_data.recipient_warehouse_ref`), and `offset` only together with `limit`; nothing
 *   found is `EMPTY`;
 * - `orders/update` answers `OK` when every order is updated, else `WARNING` with a log entry
 *   per order, `ERROR` for the failed ones ("status is not defined or defined incorrectly", the
 *   docs' words, for a status the site does not have); it takes POST or PUT;
 * - an unknown function is `UNDEFINED_FUNCTION`; a domain that is no seller's is a 404 page.
 *
 * UNCONFIRMED, chosen here: the recipient and contact fields (`delivery_name`, `delivery_phone`,
 * `delivery_email`, `delivery_city`, `delivery_address`, `comment`: named by the official page
 * body, unseen in measured answers), where `tracking_code` shows in an order (top-level
 * `tracking_code`), orders oldest first and `from`/`to` on the creation time, no default limit,
 * the texts of errors other than the docs' one, `EMPTY` with an empty `response`, and an order
 * that names no status, waybill or payment flag refused as "nothing to update".
 */

export interface HoroshopEmulatorOptions {
  db: Db;
  /** The emulator's clock for tokens (tests). */
  now?: () => Date;
}

const TOKEN_TTL_MS = 600_000;
/** Sessions remembered per site (older ones answer AUTHORIZATION_ERROR rather than UNAUTHORIZED). */
const SESSIONS_KEPT = 50;
const SESSIONS_FORGOTTEN_AFTER_MS = 24 * 3600_000;

/** orders/get_available_statuses (Horoshop ≥ 4.0): the standard statuses of a site. */
export const HOROSHOP_STATUSES: Record<number, { ua: string; en: string; successful: 0 | 1 }> = {
  1: { ua: 'Нове', en: 'New', successful: 0 },
  2: { ua: 'В обробці', en: 'Processing', successful: 0 },
  3: { ua: 'Доставлене', en: 'Delivered', successful: 1 },
  4: { ua: 'Не доставлене', en: 'Canceled', successful: 0 },
  6: { ua: 'Надіслане', en: 'Shipping', successful: 0 },
};

type Envelope = { status: string; response: unknown };
const answer = (status: string, response: unknown): Envelope => ({ status, response });
const error = (message: string) => answer('ERROR', { message });

/** Kopecks as Horoshop writes money: a number of hryvnias (600, 599.5). */
const uah = (kop: number) => kop / 100;

function buildOrder(id: number, now: Date, input: EmuOrderInput): Record<string, unknown> {
  const c = input.client;
  const d = input.delivery;
  const carrier = d.carrier ?? 'nova_poshta';
  const np = carrier === 'nova_poshta';
  const courier = Boolean(d.street) && !d.branch_number && !d.warehouse_ref;
  const totalKop = input.lines.reduce((a, l) => a + Math.round(l.price * 100) * l.qty, 0);
  const address = courier
    ? `${d.street}, ${d.house ?? ''}${d.appt ? `, кв. ${d.appt}` : ''}`
    : d.branch_number
      ? `Відділення №${d.branch_number}${d.street ? `: ${d.street}${d.house ? `, ${d.house}` : ''}` : ''}`
      : (d.street ?? '');
  const prepaid = input.payment === 'prepaid';
  return {
    order_id: id,
    stat_status: 1,
    stat_created: kyivDateTime(now),
    total_default: uah(totalKop),
    total_sum: uah(totalKop),
    total_quantity: input.lines.reduce((a, l) => a + l.qty, 0),
    discount_value: 0,
    coupon_percent: 0,
    coupon_discount_value: 0,
    delivery_price: -1,
    currency: 'UAH',
    payed: prepaid ? 1 : 0,
    payment_type: prepaid ? { id: 15, title: 'Оплата карткою онлайн' } : { id: 13, title: 'Накладений платіж' },
    delivery_type: np ? (courier ? { id: 4, title: "Новою Поштою кур'єром" } : { id: 3, title: 'Новою Поштою у відділення' }) : { id: 7, title: carrier },
    products: input.lines.map((l) => ({
      article: l.offer_id,
      title: l.name,
      price: uah(Math.round(l.price * 100)),
      quantity: l.qty,
      total_price: uah(Math.round(l.price * 100) * l.qty),
      type: 'product',
      discount_marker: 'NONE',
    })),
    delivery_data: {
      deliveryOperatorType: np ? 'novaposhta' : 'other',
      tnNumber: null,
      tnId: null,
      tnStatusName: null,
      tnTrackingUpdateDate: null,
      estimatedDeliveryDate: null,
      ownTTNPicked: false,
      departure: {},
      destination: {},
    },
    additional_data: { recipient_warehouse_ref: np && !courier ? (d.warehouse_ref ?? null) : null },
    analytics: { utm_source: '', utm_medium: '', utm_campaign: '', utm_term: '', utm_content: '', google_client_id: '' },
    user: 5000 + id,
    delivery_name: [c.last_name, c.first_name, c.middle_name].filter(Boolean).join(' '),
    delivery_phone: c.phone,
    delivery_email: null,
    delivery_city: d.city_name ?? null,
    delivery_address: address,
    comment: input.comment ?? '',
    ...input.override,
  };
}

/** `YYYY-MM-DD` or `DD.MM.YYYY`, with ` HH:mm:ss` or without; a day given as `to` runs to its last second. */
function filterDate(v: unknown, end: boolean): Date | null | 'bad' {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') return 'bad';
  const m = /^(?:(\d{4})-(\d{2})-(\d{2})|(\d{2})\.(\d{2})\.(\d{4}))(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(v.trim());
  if (!m) return 'bad';
  const [y, mo, d] = m[1] ? [m[1], m[2], m[3]].map(Number) : [m[6], m[5], m[4]].map(Number);
  const [h, mi, s] = m[7] ? [m[7], m[8], m[9]].map(Number) : [0, 0, 0];
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h! > 23 || mi! > 59 || s! > 59) return 'bad';
  if (!end) return kyivInstant(y!, mo!, d!, h, mi, s);
  return m[7] ? new Date(kyivInstant(y!, mo!, d!, h, mi, s).getTime() + 999) : new Date(kyivInstant(y!, mo!, d! + 1).getTime() - 1);
}

const intOf = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isInteger(n) ? n : null;
};
const boolOf = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

interface Session {
  t: string;
  at: number;
}
const sessionsOf = (secret: Record<string, string>): Session[] => {
  try {
    const list: unknown = JSON.parse(secret.tokens ?? '[]');
    return Array.isArray(list) ? (list as Session[]) : [];
  } catch {
    return [];
  }
};

function registerApi(app: FastifyInstance, store: EmulatorStore, now: () => Date): void {
  // Legacy form posts still work on Horoshop.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of new URLSearchParams(text as string)) {
      const key = k.replace(/\[\]$/, '');
      out[key] = k.endsWith('[]') ? [...((out[key] as string[] | undefined) ?? []), v] : v;
    }
    done(null, out);
  });
  // A body that cannot be read: Horoshop's envelope, as for any refusal.
  app.setErrorHandler((err: FastifyError, _req, reply) =>
    err.statusCode && err.statusCode < 500
      ? reply.code(200).send(error(`Request is malformed: ${err.message}`))
      : reply.code(500).send(answer('EXCEPTION', { message: 'Internal error' })),
  );

  const notHoroshop = (reply: FastifyReply) =>
    reply.code(404).type('text/html').send('<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>');

  /** The token's session: null when it is live, else the refusal. */
  function session(secret: Record<string, string>, token: unknown): Envelope | null {
    if (typeof token !== 'string' || !token) return answer('AUTHORIZATION_ERROR', { message: 'Token is not specified' });
    const s = sessionsOf(secret).find((x) => x.t === token);
    if (!s) return answer('AUTHORIZATION_ERROR', { message: 'Invalid token' });
    if (now().getTime() - s.at >= TOKEN_TTL_MS) return answer('UNAUTHORIZED', { message: 'Token expired' });
    return null;
  }

  async function auth(domain: string, secret: Record<string, string>, p: Record<string, unknown>): Promise<Envelope> {
    if (typeof p.login !== 'string' || typeof p.password !== 'string' || p.login !== secret.login || p.password !== secret.password)
      return error('No user with that login and password');
    const at = now().getTime();
    const t = randomToken(16);
    // Read-modify-write of the site's sessions: two logins at the same instant may lose one (a client then logs in again).
    const kept = sessionsOf(secret).filter((s) => at - s.at < SESSIONS_FORGOTTEN_AFTER_MS);
    await store.createAccount(domain, { ...secret, tokens: JSON.stringify([...kept, { t, at }].slice(-SESSIONS_KEPT)) });
    return answer('OK', { token: t });
  }

  async function ordersGet(domain: string, p: Record<string, unknown>): Promise<Envelope> {
    const from = filterDate(p.from, false);
    if (from === 'bad') return error('from is defined incorrectly');
    const to = filterDate(p.to, true);
    if (to === 'bad') return error('to is defined incorrectly');
    let ids: number[] | null = null;
    if (p.ids !== undefined) {
      const list = [p.ids].flat().map(intOf);
      if (!list.every((x): x is number => x !== null)) return error('ids is defined incorrectly');
      ids = list as number[];
    }
    let statuses: number[] | null = null;
    if (p.status !== undefined) {
      const list = [p.status].flat().map(intOf);
      if (!list.every((x): x is number => x !== null)) return error('status is defined incorrectly');
      statuses = list as number[];
    }
    let limit: number | null = null;
    let offset = 0;
    if (p.limit !== undefined) {
      limit = intOf(p.limit);
      if (limit === null || limit < 1) return error('limit is defined incorrectly');
      // offset counts only with limit (as clients measured).
      if (p.offset !== undefined) {
        const o = intOf(p.offset);
        if (o === null) return error('offset is defined incorrectly');
        offset = o;
      }
    }
    const rows = await store.list(domain, { createdFrom: from ?? undefined, createdTo: to ?? undefined }, 'id_asc', 100_000);
    const found = rows.map((r) => r.body).filter((o) => (!ids || ids.includes(Number(o.order_id))) && (!statuses || statuses.includes(Number(o.stat_status))));
    const page = limit === null ? found : found.slice(offset, offset + limit);
    if (page.length === 0) return answer('EMPTY', {});
    const additional = boolOf(p.additionalData);
    return answer('OK', {
      orders: page.map((o) => {
        if (additional) return o;
        const { additional_data: _extra, ...rest } = o;
        return rest;
      }),
    });
  }

  async function ordersUpdate(domain: string, p: Record<string, unknown>, reply: FastifyReply): Promise<Envelope | FastifyReply> {
    const fault = takeFault('horoshop', domain);
    if (fault === 'rate_limit') return reply.code(429).header('retry-after', '2').send(error('Too Many Requests'));
    if (fault === 'unavailable') return reply.code(503).type('text/html').send('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>');
    const orders = p.orders;
    if (!Array.isArray(orders) || orders.length === 0) return error('orders is not defined or defined incorrectly');
    const log: { status: 'OK' | 'ERROR'; messages: string }[] = [];
    for (const e of orders) {
      const o = e && typeof e === 'object' && !Array.isArray(e) ? (e as Record<string, unknown>) : {};
      const id = intOf(o.order_id);
      const entry = { call: 'orders/update', body: o };
      const row = id === null ? null : await store.order(domain, id);
      const refuse = async (messages: string) => {
        if (row) await store.logRefusal(domain, row.id, { ...entry, refused: messages });
        log.push({ status: 'ERROR', messages });
      };
      if (id === null) {
        await refuse('order_id is not defined or defined incorrectly');
        continue;
      }
      if (!row) {
        await refuse('order is not found');
        continue;
      }
      if (fault === 'refuse') {
        await refuse('order cannot be updated at the moment');
        continue;
      }
      const change: Record<string, unknown> = {};
      if (o.status !== undefined) {
        const s = intOf(o.status);
        if (s === null || !HOROSHOP_STATUSES[s]) {
          await refuse('status is not defined or defined incorrectly');
          continue;
        }
        change.stat_status = s;
      }
      if (o.tracking_code !== undefined) {
        if (typeof o.tracking_code !== 'string' || o.tracking_code.length > 64) {
          await refuse('tracking_code is defined incorrectly');
          continue;
        }
        change.tracking_code = o.tracking_code;
      }
      // The UA/RU docs name the paid flag `payed`, the EN one `paid`.
      const paid = o.payed ?? o.paid;
      if (paid !== undefined) {
        if (![0, 1, '0', '1'].includes(paid as number)) {
          await refuse('payed is defined incorrectly');
          continue;
        }
        change.payed = Number(paid);
      }
      if (Object.keys(change).length === 0) {
        await refuse('nothing to update');
        continue;
      }
      await store.update(domain, id, (body) => ({ ...body, ...change }), entry);
      log.push({ status: 'OK', messages: 'UPDATED' });
    }
    return answer(log.every((l) => l.status === 'OK') ? 'OK' : 'WARNING', { log });
  }

  app.route({
    method: ['GET', 'POST', 'PUT'],
    url: '/:domain/api/*',
    handler: async (req, reply) => {
      const params = req.params as { domain: string; '*': string };
      const domain = params.domain.toLowerCase();
      const fn = (params['*'] ?? '').replace(/^\/+|\/+$/g, '');
      const secret = await store.account(domain);
      if (!secret) return notHoroshop(reply);
      // JSON POST (PUT for orders/update, as some clients send it); the legacy GET with a query string.
      const source = req.method === 'GET' ? req.query : req.body;
      const p = source && typeof source === 'object' && !Array.isArray(source) ? (source as Record<string, unknown>) : {};
      if (fn === 'auth') return auth(domain, secret, p);
      if (!['orders/get', 'orders/update', 'orders/get_available_statuses'].includes(fn))
        return answer('UNDEFINED_FUNCTION', { message: `Function ${fn} is not defined` });
      const refused = session(secret, p.token);
      if (refused) return refused;
      if (fn === 'orders/get') return ordersGet(domain, p);
      if (fn === 'orders/update') return ordersUpdate(domain, p, reply);
      return answer('OK', {
        statuses: Object.fromEntries(
          Object.entries(HOROSHOP_STATUSES).map(([id, s]) => [id, { id: Number(id), title: { ua: s.ua, en: s.en }, is_successful: s.successful }]),
        ),
      });
    },
  });
}

export const horoshopEmulator: FastifyPluginAsync<HoroshopEmulatorOptions> = async (app, opts) => {
  const store = emulatorStore(opts.db, 'horoshop');
  const now = opts.now ?? (() => new Date());
  // Horoshop's paths get Horoshop's envelope; the control endpoints keep the portal's.
  await app.register(async (api) => registerApi(api, store, now));
  registerEmulatorControl(app, 'horoshop', store, {
    async newAccount(account) {
      const domain = (account ?? `shop-${randomToken(4)}.example.com.ua`).toLowerCase();
      const credentials = { domain, login: `api-${randomToken(3)}`, password: randomToken(8) };
      await store.createAccount(domain, credentials);
      return { account: domain, credentials };
    },
    newOrder: (account, input) => store.insertOrder(account, 1, (id, now) => buildOrder(id, now, input)),
  });
};
