import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { emulatorStore, randomToken, registerEmulatorControl, takeFault, type EmuOrderInput } from '../emulator-kit.ts';

/**
 * A local stand-in for Prom.ua's public API v1 (https://my.prom.ua/api/v1, the paths below its
 * `/api/v1`): `GET /orders/list`, `GET /orders/{id}`, `POST /orders/set_status` and
 * `POST /delivery/save_declaration_id`, with a company's API token as `Authorization: Bearer`.
 * Shapes as real orders have them (captured orders in public clients: ids as integers, money as
 * strings with the currency, "244 грн", dates ISO-8601 with microseconds and an offset, the Nova
 * Poshta refs under `delivery_provider_data.recipient_address`). Research notes with sources:
 * docs/decisions/0019-marketplace-orders.md.
 *
 * Strict where Prom is: no token or an unknown one is 401; `limit` above 100 and a malformed date
 * filter are 400; an unknown status, an empty `ids`, a cancellation without a reason (or without
 * the text the reasons `price_changed`, `not_enough_fields` and `another` need) are refused per
 * order in `errors`, as is any change to a cancelled order; a waybill needs a known order, a
 * carrier Prom knows and a number of digits. Where Prom's documentation could not be read (the
 * bodies of 401 and 404, the HTTP status of a refused waybill), the emulator answers what the
 * public clients expect: `{"error": "..."}`, and `{"status": "error", "message", "errors"}` with 200.
 */

const STATUSES = ['pending', 'received', 'delivered', 'canceled', 'draft', 'paid'] as const;
/** What a seller may set through the API (a draft is the buyer's, not the seller's). */
const SETTABLE: readonly string[] = ['pending', 'received', 'delivered', 'canceled', 'paid'];
const STATUS_NAMES: Record<string, string> = {
  pending: 'Новий',
  received: 'Прийнято',
  delivered: 'Виконано',
  canceled: 'Скасовано',
  draft: 'Чернетка',
  paid: 'Оплачено',
};
export const PROM_CANCELLATION_REASONS = [
  'not_available',
  'price_changed',
  'buyers_request',
  'not_enough_fields',
  'duplicate',
  'invalid_phone_number',
  'less_than_minimal_price',
  'another',
] as const;
const REASONS_WITH_TEXT: readonly string[] = ['price_changed', 'not_enough_fields', 'another'];
const DELIVERY_TYPES: readonly string[] = ['nova_poshta', 'ukrposhta', 'meest', 'justin'];
/** Prom's order ids are large integers; the emulator's sellers count from here. */
const FIRST_ID = 330_000_001;
const MAX_LIMIT = 100;

/** "1 244 грн", "99,50 грн": how Prom writes money in orders. */
export function promMoney(kop: number): string {
  const whole = Math.floor(kop / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const frac = kop % 100;
  return `${whole}${frac ? `,${String(frac).padStart(2, '0')}` : ''} грн`;
}

/** ISO-8601 with microseconds and +00:00, as Prom writes dates. */
const promDate = (d: Date) => d.toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');

/** Prom's filter format: `YYYY-MM-DDTHH:MM:SS`, no zone (taken as UTC here; clients look back hours further to be safe). */
function filterDate(v: unknown): Date | null | 'bad' {
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/.test(v)) return 'bad';
  const d = new Date(`${v.length === 10 ? `${v}T00:00:00` : v}Z`);
  return Number.isNaN(d.getTime()) ? 'bad' : d;
}

function buildOrder(id: number, now: Date, input: EmuOrderInput): Record<string, unknown> {
  const c = input.client;
  const d = input.delivery;
  const np = (d.carrier ?? 'nova_poshta') === 'nova_poshta';
  const courier = Boolean(d.street);
  const totalKop = input.lines.reduce((a, l) => a + Math.round(l.price * 100) * l.qty, 0);
  const person = { first_name: c.first_name, last_name: c.last_name, second_name: c.middle_name ?? '', phone: c.phone };
  const address = np
    ? courier
      ? `${d.city_name ?? ''}, ${d.street}, ${d.house ?? ''}${d.appt ? `, кв. ${d.appt}` : ''}`
      : `${d.city_name ?? ''}, №${d.branch_number ?? ''}`
    : `${d.city_name ?? ''}`;
  return {
    id,
    date_created: promDate(now),
    date_modified: promDate(now),
    client_first_name: c.first_name,
    client_second_name: c.middle_name ?? '',
    client_last_name: c.last_name,
    client_id: 280_000_000 + (id % 1_000_000),
    client: { ...person, id: 280_000_000 + (id % 1_000_000) },
    delivery_recipient: person,
    client_notes: input.comment ?? '',
    email: null,
    phone: c.phone,
    delivery_option: np ? { id: 18781193, name: 'Нова Пошта', shipping_service: null } : { id: 18781199, name: d.carrier, shipping_service: null },
    delivery_address: address,
    delivery_provider_data: np
      ? {
          provider: 'nova_poshta',
          type: courier ? 'W2D' : 'W2W',
          sender_warehouse_id: null,
          recipient_warehouse_id: courier ? null : (d.warehouse_ref ?? null),
          declaration_number: null,
          unified_status: null,
          recipient_address: {
            city_id: d.city_ref ?? null,
            city_name: d.city_name ?? null,
            city_katottg: null,
            warehouse_id: courier ? null : (d.warehouse_ref ?? null),
            street_id: null,
            street_name: courier ? d.street : null,
            building_number: courier ? (d.house ?? null) : null,
            apartment_number: courier ? (d.appt ?? null) : null,
          },
        }
      : null,
    delivery_cost: 0,
    payment_option: input.payment === 'prepaid' ? { id: 7547964, name: 'Пром-оплата' } : { id: 10827897, name: 'Наложенный платеж' },
    payment_data: input.payment === 'prepaid' ? { type: 'evopay', status: 'paid', status_modified: promDate(now) } : null,
    price: promMoney(totalKop),
    full_price: promMoney(totalKop),
    products: input.lines.map((l, i) => ({
      id: 2_555_000_000 + id * 10 + i,
      external_id: l.offer_id,
      name: l.name,
      name_multilang: { uk: l.name, ru: l.name },
      sku: l.sku ?? '',
      price: promMoney(Math.round(l.price * 100)),
      quantity: l.qty,
      measure_unit: 'шт.',
      image: '',
      url: '',
      total_price: promMoney(Math.round(l.price * 100) * l.qty),
    })),
    status: 'pending',
    status_name: STATUS_NAMES.pending,
    source: 'portal',
    cancellation: null,
    ...input.override,
  };
}

export const promEmulator: FastifyPluginAsync<{ db: Db }> = async (app, opts) => {
  const store = emulatorStore(opts.db, 'prom');

  /** The company of the bearer token; 401 otherwise. */
  const company = async (req: FastifyRequest, reply: FastifyReply): Promise<string | null> => {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const account = m ? await store.accountBySecret('token', m[1]!) : null;
    if (!account) {
      await reply.code(401).send({ error: 'Authorization token is invalid or missing' });
      return null;
    }
    return account;
  };
  const q = (req: FastifyRequest) => req.query as Record<string, unknown>;
  const body = (req: FastifyRequest) => (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {});
  /** A fault armed by a test: 429, 503, or null (refusals are answered by each call in its own shape). */
  const transportFault = (reply: FastifyReply, fault: string | null) => {
    if (fault === 'rate_limit') return reply.code(429).header('retry-after', '2').send({ error: 'Too many requests' });
    if (fault === 'unavailable') return reply.code(503).type('text/html').send('<html><body><h1>503 Service Unavailable</h1></body></html>');
    return null;
  };

  app.get('/api/v1/orders/list', async (req, reply) => {
    const account = await company(req, reply);
    if (!account) return reply;
    const p = q(req);
    const limit = p.limit === undefined ? MAX_LIMIT : Number(p.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) return reply.code(400).send({ error: `limit: an integer from 1 to ${MAX_LIMIT}` });
    if (p.status !== undefined && !STATUSES.includes(p.status as (typeof STATUSES)[number]))
      return reply.code(400).send({ error: `status: one of ${STATUSES.join(', ')}` });
    const dates: Record<string, Date | null> = {};
    for (const k of ['date_from', 'date_to', 'last_modified_from', 'last_modified_to']) {
      const d = filterDate(p[k]);
      if (d === 'bad') return reply.code(400).send({ error: `${k}: expected YYYY-MM-DDTHH:MM:SS` });
      dates[k] = d;
    }
    const lastId = p.last_id === undefined ? undefined : Number(p.last_id);
    if (lastId !== undefined && (!Number.isInteger(lastId) || lastId < 1)) return reply.code(400).send({ error: 'last_id: a positive integer' });
    const rows = await store.list(
      account,
      {
        createdFrom: dates.date_from ?? undefined,
        createdTo: dates.date_to ?? undefined,
        modifiedFrom: dates.last_modified_from ?? undefined,
        modifiedTo: dates.last_modified_to ?? undefined,
        beforeId: lastId,
      },
      'id_desc',
      p.status === undefined ? limit : 10_000,
    );
    const orders = rows.map((r) => r.body).filter((o) => p.status === undefined || o.status === p.status);
    return { orders: orders.slice(0, limit) };
  });

  app.get('/api/v1/orders/:id', async (req, reply) => {
    const account = await company(req, reply);
    if (!account) return reply;
    const { id } = req.params as { id: string };
    const row = /^\d{1,15}$/.test(id) ? await store.order(account, Number(id)) : null;
    if (!row) return reply.code(404).send({ error: 'Order not found' });
    return { order: row.body };
  });

  app.post('/api/v1/orders/set_status', async (req, reply) => {
    const account = await company(req, reply);
    if (!account) return reply;
    const b = body(req);
    const ids = b.ids;
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((i) => Number.isInteger(i) && i > 0))
      return reply.code(400).send({ error: 'ids: a non-empty list of order ids' });
    if (typeof b.status !== 'string' || !SETTABLE.includes(b.status)) return reply.code(400).send({ error: `status: one of ${SETTABLE.join(', ')}` });
    const status = b.status;
    if (status === 'canceled') {
      if (!PROM_CANCELLATION_REASONS.includes(b.cancellation_reason as (typeof PROM_CANCELLATION_REASONS)[number]))
        return reply.code(400).send({ error: `cancellation_reason: one of ${PROM_CANCELLATION_REASONS.join(', ')}` });
      if (REASONS_WITH_TEXT.includes(b.cancellation_reason as string) && !(typeof b.cancellation_text === 'string' && b.cancellation_text.trim()))
        return reply.code(400).send({ error: `cancellation_text: required with the reason ${String(b.cancellation_reason)}` });
    }
    const fault = takeFault('prom', account);
    const sent = transportFault(reply, fault);
    if (sent) return sent;
    const processed: number[] = [];
    const errors: Record<string, string> = {};
    for (const id of ids as number[]) {
      const row = await store.order(account, id);
      const entry = { call: 'POST /orders/set_status', body: b };
      if (!row) {
        errors[String(id)] = 'Order not found';
        continue;
      }
      if (fault === 'refuse') {
        errors[String(id)] = 'Order status cannot be changed now';
        await store.logRefusal(account, id, { ...entry, refused: errors[String(id)] });
        continue;
      }
      if (row.body.status === 'canceled' && status !== 'canceled') {
        errors[String(id)] = 'Order is canceled';
        await store.logRefusal(account, id, { ...entry, refused: errors[String(id)] });
        continue;
      }
      await store.update(
        account,
        id,
        (o, now) => ({
          ...o,
          status,
          status_name: STATUS_NAMES[status],
          date_modified: promDate(now),
          cancellation: status === 'canceled' ? { reason: b.cancellation_reason, text: b.cancellation_text ?? null, initiator: 'seller' } : null,
        }),
        entry,
      );
      processed.push(id);
    }
    return Object.keys(errors).length ? { processed_ids: processed, errors } : { processed_ids: processed };
  });

  app.post('/api/v1/delivery/save_declaration_id', async (req, reply) => {
    const account = await company(req, reply);
    if (!account) return reply;
    const b = body(req);
    const errors: Record<string, string> = {};
    if (!Number.isInteger(b.order_id)) errors.order_id = 'Required integer';
    if (typeof b.declaration_id !== 'string' || !/^\d{8,20}$/.test(b.declaration_id)) errors.declaration_id = 'Invalid declaration number';
    if (!DELIVERY_TYPES.includes(b.delivery_type as string)) errors.delivery_type = `One of ${DELIVERY_TYPES.join(', ')}`;
    if (Object.keys(errors).length) return { status: 'error', message: 'Validation error', errors };
    const id = b.order_id as number;
    const row = await store.order(account, id);
    if (!row) return { status: 'error', message: 'Order not found', errors: { order_id: 'Order not found' } };
    const fault = takeFault('prom', account);
    const sent = transportFault(reply, fault);
    if (sent) return sent;
    const entry = { call: 'POST /delivery/save_declaration_id', body: b };
    if (fault === 'refuse' || row.body.status === 'canceled') {
      const message = fault === 'refuse' ? 'Declaration cannot be saved now' : 'Order is canceled';
      await store.logRefusal(account, id, { ...entry, refused: message });
      return { status: 'error', message, errors: { order_id: message } };
    }
    await store.update(
      account,
      id,
      (o, now) => ({
        ...o,
        date_modified: promDate(now),
        delivery_provider_data: {
          ...((o.delivery_provider_data as Record<string, unknown> | null) ?? { provider: b.delivery_type, type: 'W2W' }),
          declaration_number: b.declaration_id,
          unified_status: 'on_the_way',
        },
      }),
      entry,
    );
    return { status: 'success' };
  });

  registerEmulatorControl(app, 'prom', store, {
    async newAccount(account) {
      const name = account ?? `company-${randomToken(4)}`;
      const token = randomToken(20);
      await store.createAccount(name, { token });
      return { account: name, credentials: { token } };
    },
    newOrder: (account, input) => store.insertOrder(account, FIRST_ID, (id, now) => buildOrder(id, now, input), 'marketplace'),
  });
};
