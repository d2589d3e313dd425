import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { emulatorStore, randomToken, registerEmulatorControl, takeFault, type EmulatorStore, type EmuOrderInput } from '../emulator-kit.ts';
import { kyivDateTime, kyivInstant, parseKyivDateTime } from './client.ts';

/**
 * A local stand-in for Rozetka's Seller API (https://api-seller.rozetka.com.ua, mounted at
 * /emulators/rozetka): `POST /sites` (login), `POST /sites/logout`, `GET /orders/search`,
 * `GET /orders/{id}` and `PUT /orders/{id}`, with the shapes of the official apidoc (mirrored in
 * GERA-OneTeam/Rozetka-API-Seller docs/categories: authorization.md, orders.md §1.2-1.4.1,
 * models.md, aboutapi.md): `{success: true, content}` or `{success: false, errors: {message,
 * code, description, details}}`, money as decimal strings ("640.00"), dates `YYYY-MM-DD HH:MM:SS`
 * in Kyiv time, `delivery`/`purchases`/`payment`/`status_available` only when `expand` asks.
 *
 * As strict as Rozetka:
 * - the password must come in Base64 (plain text is 1004 incorrect_username_password, as live
 *   sellers found); a missing field is 1001 required_parameter;
 * - every other call needs `Authorization: Bearer <access_token>`: none or an unknown token is
 *   5401 invalid_credentials, a token older than 24 hours is 6001 session_expired;
 * - `orders/search` pages by 20 with `_meta` and, as Yii does, clamps a page past the last to
 *   the last (a client must stop at `pageCount`); a malformed filter date gives nothing, or
 *   1002 incorrect_data_format with `Accept-Validate-Exception: 1`;
 * - `PUT /orders/{id}` needs `status` (1001), an integer (1002), a status in the order's
 *   `status_available` (1005 check_correctness_of_data), `ttn` with 3 and 61 (1001), and
 *   `duplicate_order_id` with 49; 2 with a TTN moves the order to 61; an unknown order is 1019
 *   entity_not_found; a path that is not an order is 5404;
 * - a method a path does not take is 405 with Yii's words.
 *
 * UNCONFIRMED, chosen here: the HTTP status of 5401 and 6001 (401: a practice note saw 6001
 * "with HTTP 401", and 5401 is Rozetka's own "http error" for 401; other refusals are 200); the
 * code of a status not in `status_available` (1005); the transition table beyond the docs'
 * examples (1→26, 2→26, 2→4, 26→2, 26→47, 5→3, 3→6; 26→3 with a TTN as sellers do); the default
 * order of a search (newest id first) and the sort columns (id, created, changed, amount,
 * status); a login returning the seller's still valid token rather than a new one; the date
 * filter format (`YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`, Kyiv time).
 */

export interface RozetkaEmulatorOptions {
  db: Db;
  /** The emulator's clock for tokens (tests). */
  now?: () => Date;
}

const TOKEN_TTL_MS = 24 * 3600_000;
const PER_PAGE = 20;
/** Rozetka's order ids are large; the emulator's sellers count from here. */
const FIRST_ID = 700_000_001;
const EXPANDABLE = ['delivery', 'purchases', 'payment'] as const;

/** aboutapi.md: the codes and their descriptions as Rozetka answers them in Ukrainian. */
const ERRORS = {
  0: ['server_error', 'Непередбачувана помилка'],
  1001: ['required_parameter', "Не вказан обов'язковий параметр"],
  1002: ['incorrect_data_format', 'Неправильний формат даних'],
  1004: ['incorrect_username_password', 'Неправильний логін або пароль'],
  1005: ['check_correctness_of_data', 'Перевірте правильність введених даних'],
  1019: ['entity_not_found', 'Сутність не знайдено'],
  1031: ['model_cannot_be_saved', 'На даний момент неможливо зберегти зміни'],
  5401: ['invalid_credentials', 'Спроба неавторизованого доступу до методів, які вимагають авторизації'],
  5404: ['not_found', 'Не знайдено'],
  5503: ['technical_maintenance', 'Технічне обслуговування'],
  6001: ['session_expired', 'Сесія закінчилася'],
} as const;
type RzCode = keyof typeof ERRORS;

const failure = (code: RzCode, details?: unknown) => ({
  success: false,
  errors: { message: ERRORS[code][0], code, description: ERRORS[code][1], ...(details === undefined ? {} : { details }) },
});

/** models.md «Статуси замовлення»: the Ukrainian name and the `status_group` (1 in processing, 2 successful, 3 unsuccessful). */
export const ROZETKA_STATUSES: Record<number, [name: string, group: 1 | 2 | 3]> = {
  1: ['Нове замовлення', 1],
  2: ['Комплектується. Дані підтверджені', 1],
  3: ['Передано в службу доставки', 1],
  4: ['Доставляється', 1],
  5: ['Чекає в пункті самовивозу', 1],
  6: ['Замовлення виконано', 2],
  7: ['Не оброблено продавцем протягом дня', 1],
  11: ['Не прийшов за замовленням', 3],
  12: ['Відмова при отриманні', 3],
  13: ['Скасовано Адміністратором', 3],
  15: ['Некоректний ТТН', 1],
  16: ['Немає в наявності / брак', 3],
  17: ['Не влаштовують умови оплати', 3],
  18: ["Не вдалося зв'язатися", 3],
  19: ['Замовлення повернено', 3],
  20: ['Товар не підходить за характеристиками', 3],
  24: ['Скасування. Не влаштовує доставка', 3],
  25: ['Тестове замовлення', 3],
  26: ['Опрацьовується менеджером', 1],
  27: ['Вимагає доукомплектації', 1],
  28: ['Неправильні контактні дані', 3],
  29: ['Ціна змінилася', 3],
  30: ['Закінчився термін резерву', 3],
  31: ['Скасування. Створено дублююче замовлення', 3],
  33: ['Умови доставки не влаштовують', 3],
  37: ['Передоплата не влаштовує', 3],
  38: ['Не влаштовує товар', 3],
  40: ['Клієнт передумав', 3],
  42: ['Немає в наявності', 3],
  43: ['Брак', 3],
  44: ['Скасування. Фейкове замовлення', 3],
  45: ['Скасовано покупцем', 3],
  46: ['Відновлено при продзвоні', 1],
  47: ['Планується повторний дзвінок', 1],
  49: ['Повторне замовлення', 3],
  50: ['Клієнт не оплатив', 3],
  51: ['У кредиті відмовлено', 3],
  52: ['Нове замовлення за 1 клік', 1],
  53: ['Очікує підтвердження клієнтом', 1],
  55: ['Очікує отримання оплати', 1],
  61: ['Заплановано передачу перевізникові', 1],
  71: ['Скасування. Товар повернувся', 3],
  72: ['Скасування. Здійснено повернення коштів', 3],
  85: ['Повернено продавцю', 3],
  87: ['Виконано. Минув термін обробки', 2],
};

/** The seller's cancellations (each states its reason; 49 needs `duplicate_order_id`). */
const SELLER_CANCELS = [16, 17, 18, 20, 24, 28, 29, 33, 37, 38, 40, 42, 43, 44, 49];
/**
 * What a seller may set from each status (`status_available`). The docs' examples: 1→26, 2→26,
 * 2→4, 26→2, 26→47, 5→3, 3→6; the rest is this emulator's reading of the status model. Statuses
 * of groups 2 and 3 are final.
 */
export const ROZETKA_TRANSITIONS: Record<number, number[]> = {
  1: [26],
  52: [26],
  46: [26],
  7: [26, ...SELLER_CANCELS],
  47: [26, ...SELLER_CANCELS],
  53: [26, ...SELLER_CANCELS],
  26: [2, 47, 3, 61, ...SELLER_CANCELS],
  2: [26, 4, 3, 61, ...SELLER_CANCELS],
  27: [26, 2, ...SELLER_CANCELS],
  61: [3],
  3: [4, 5, 6, 11, 12, 15, 19],
  15: [3],
  4: [5, 6, 11, 12, 19],
  5: [3, 6, 11, 12, 19],
};
/** Statuses that need a waybill (orders.md §1.4.1: «обов'язкове поле при переході в статуси: 3, 61»). */
const NEED_TTN = [3, 61];

/** Kopecks as Rozetka writes money: "640.00". */
const money = (kop: number) => `${Math.trunc(kop / 100)}.${String(Math.abs(kop) % 100).padStart(2, '0')}`;
const kopOf = (v: unknown) => Math.round(Number(v) * 100) || 0;
const hash = (s: string) => [...s].reduce((a, ch) => (a * 31 + ch.charCodeAt(0)) >>> 0, 7);

function buildOrder(id: number, now: Date, input: EmuOrderInput): Record<string, unknown> {
  const c = input.client;
  const d = input.delivery;
  const carrier = d.carrier ?? 'nova_poshta';
  const np = carrier === 'nova_poshta';
  const courier = Boolean(d.street) && !d.branch_number && !d.warehouse_ref;
  const phone = c.phone.replace(/\D/g, '');
  const title = {
    first_name: c.first_name,
    last_name: c.last_name,
    second_name: c.middle_name ?? '',
    full_name: [c.last_name, c.first_name, c.middle_name].filter(Boolean).join(' '),
  };
  const at = kyivDateTime(now);
  const seq = id % 10_000_000;
  const amountKop = input.lines.reduce((a, l) => a + Math.round(l.price * 100) * l.qty, 0);
  const purchases = input.lines.map((l, i) => {
    const itemId = 38_000_000 + (hash(l.offer_id) % 1_000_000);
    const price = money(Math.round(l.price * 100));
    const cost = money(Math.round(l.price * 100) * l.qty);
    return {
      id: 158_000_000 + seq * 10 + i,
      cost,
      cost_with_discount: cost,
      price,
      price_with_discount: price,
      quantity: l.qty,
      item_id: itemId,
      item_name: l.name,
      item: {
        id: itemId,
        name: l.name,
        name_ua: l.name,
        article: l.sku ?? '',
        price_offer_id: l.offer_id,
        price,
        uploader_offer_id: l.offer_id,
        uploader_status: null,
      },
      kit_id: 0,
      conf_details: null,
      ttn: null,
      order_status: null,
      status: 1,
      is_additional_item: false,
    };
  });
  const ukrposhta = /укрпошт|ukrposhta/i.test(carrier);
  const delivery = {
    delivery_service_id: np ? 5 : ukrposhta ? 2024 : 4,
    delivery_service_name: np ? 'Нова Пошта' : carrier,
    recipient_title: title.full_name,
    recipient_first_name: c.first_name,
    recipient_last_name: c.last_name,
    recipient_second_name: c.middle_name ?? '',
    recipient_phone: phone,
    another_recipient: false,
    delivery_method_id: courier ? 2 : 1,
    place_id: 15_000 + seq,
    pickup_rz_id: null,
    pickup_type: courier ? null : 0,
    place_street: d.street ?? null,
    place_number: courier ? null : (d.branch_number ?? null),
    place_house: d.house ?? null,
    place_flat: courier ? (d.appt ?? null) : null,
    cost: null,
    city: {
      id: 1 + (hash(d.city_name ?? '') % 30_000),
      uuid: np ? (d.city_ref ?? null) : null,
      city_name: d.city_name ?? '',
      name: d.city_name ?? '',
      name_ua: d.city_name ?? '',
      title: d.city_name ?? '',
      region_title: '',
      status: 1,
    },
    ref_id: np && !courier ? (d.warehouse_ref ?? null) : null,
    name_logo: np ? 'nova-pochta' : ukrposhta ? 'ukrposhta' : 'other',
    street_id: null,
    email: null,
    reserve_date: null,
    delivery_date: null,
  };
  const prepaid = input.payment === 'prepaid';
  const payment = prepaid
    ? {
        payment_method_id: 123,
        payment_method_name: 'Оплата картою',
        payment_type: 'card',
        payment_type_title: 'Банківська карта',
        payment_status: {
          order_id: id,
          status_payment_id: 2,
          name: 'paid',
          title: 'Оплачено',
          value: 1,
          payment_invoice_id: 500_000_000 + seq,
          created_at: at,
        },
        credit: null,
      }
    : {
        payment_method_id: 1,
        payment_method_name: 'Оплата при отриманні товару',
        payment_type: 'cash',
        payment_type_title: 'Готівкова',
        payment_status: null,
        credit: null,
      };
  return {
    id,
    created: at,
    changed: at,
    amount: money(amountKop),
    amount_with_discount: money(amountKop),
    cost: money(amountKop),
    cost_with_discount: money(amountKop),
    status: 1,
    status_group: 1,
    items_photos: purchases.map((p) => ({ id: p.item_id, url: '', item_url: '', item_name: p.item_name })),
    seller_comment: [],
    seller_comment_created: '',
    current_seller_comment: '',
    comment: input.comment ?? '',
    user_phone: phone,
    user_title: title,
    recipient_phone: phone,
    recipient_title: title,
    from_warehouse: 0,
    ttn: '',
    total_quantity: input.lines.reduce((a, l) => a + l.qty, 0),
    mk_created: false,
    can_copy: false,
    created_type: 4,
    is_viewed: false,
    callback_off: 0,
    is_fulfillment: false,
    duplicate_order_id: null,
    is_delivery_edit_available: true,
    can_prolong: 0,
    payment_type: payment.payment_type,
    payment_type_name: payment.payment_method_name,
    delivery,
    purchases,
    payment,
    ...input.override,
  };
}

const statusAvailable = (status: number) =>
  (ROZETKA_TRANSITIONS[status] ?? []).map((child, i) => ({ id: status * 100 + i, parent_id: status, child_id: child, delivery_type: 0, market_group: 0 }));

/** The order as an answer shows it: only the extra fields `expand` names. */
function view(body: Record<string, unknown>, expand: Set<string>): Record<string, unknown> {
  const out = { ...body };
  for (const k of EXPANDABLE) if (!expand.has(k)) delete out[k];
  if (expand.has('status_available')) out.status_available = statusAvailable(Number(body.status));
  return out;
}

const expandOf = (q: Record<string, unknown>) =>
  new Set(
    [q.expand]
      .flat()
      .flatMap((v) => (typeof v === 'string' ? v.split(',') : []))
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** A search date filter: `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`, Kyiv time; a `_to` day runs to its last second. */
function filterDate(v: unknown, end: boolean): Date | null | 'bad' {
  if (v === undefined || v === '') return null;
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(v)) return 'bad';
  const at = parseKyivDateTime(v);
  if (!at) return 'bad';
  if (!end) return at;
  if (v.length > 10) return new Date(at.getTime() + 999);
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  return new Date(kyivInstant(y, m, d + 1).getTime() - 1);
}

const SORTS: Record<string, (o: Record<string, unknown>) => number | string> = {
  id: (o) => Number(o.id),
  created: (o) => String(o.created ?? ''),
  changed: (o) => String(o.changed ?? ''),
  amount: (o) => kopOf(o.amount),
  status: (o) => Number(o.status),
};

/** Yii's VerbFilter answer to a method a path does not take. */
const methodNotAllowed = (allowed: string) => async (_req: FastifyRequest, reply: FastifyReply) =>
  reply
    .code(405)
    .header('allow', allowed)
    .send({
      success: false,
      errors: {
        message: `Method Not Allowed. This URL can only handle the following request methods: ${allowed}.`,
        code: 0,
        description: 'Method Not Allowed',
      },
    });

function registerApi(app: FastifyInstance, store: EmulatorStore, now: () => Date): void {
  // A body that is not JSON, or any other failure of the request itself, in Rozetka's envelope.
  app.setErrorHandler((err: FastifyError, _req, reply) => {
    const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
    return reply.code(status).send(status < 500 ? failure(1002, err.message) : failure(0));
  });

  const body = (req: FastifyRequest) => (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {});

  /** The seller of the Bearer token: 5401 for none or an unknown one, 6001 once it is 24 hours old. */
  async function seller(req: FastifyRequest, reply: FastifyReply): Promise<string | null> {
    const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const token = m?.[1];
    const account = token ? await store.accountBySecret('token', token) : null;
    if (account) {
      const secret = await store.account(account);
      if (secret && now().getTime() - Number(secret.tokenAt) < TOKEN_TTL_MS) return account;
      await reply.code(401).send(failure(6001));
      return null;
    }
    if (token && (await store.accountBySecret('oldToken', token))) await reply.code(401).send(failure(6001));
    else await reply.code(401).send(failure(5401));
    return null;
  }

  app.post('/sites', async (req) => {
    const b = body(req);
    for (const field of ['username', 'password'])
      if (typeof b[field] !== 'string' || !(b[field] as string).trim()) return failure(1001, `${field}: Необхідно заповнити «${field}».`);
    const account = (b.username as string).trim().toLowerCase();
    const secret = await store.account(account);
    const sent = b.password as string;
    // POST /sites takes the password in Base64; as it is, it is a wrong password.
    const decoded = /^[A-Za-z0-9+/]+={0,2}$/.test(sent) && sent.length % 4 === 0 ? Buffer.from(sent, 'base64').toString('utf8') : null;
    if (!secret || decoded !== secret.password) return failure(1004);
    const at = now().getTime();
    const live = secret.token && at - Number(secret.tokenAt) < TOKEN_TTL_MS;
    const token = live ? secret.token! : randomBytes(27).toString('base64url');
    if (!live) await store.createAccount(account, { ...secret, token, tokenAt: String(at), oldToken: secret.token ?? '' });
    return {
      success: true,
      content: {
        id: 100_000 + (hash(account) % 900_000),
        access_token: token,
        permissions: ['order_edit', 'correspondence'],
        roles: ['guest', 'default_owner'],
        seller: { fio: `Менеджер ${secret.username}`, email: `${account}@example.com`, wizard: false },
        market: {
          id: 1000 + (hash(account) % 90_000),
          business_model: 'b2c',
          title: secret.username,
          title_translit: account,
          market_url: `https://rozetka.com.ua/seller/${account}`,
          status: '6',
          status_label: 'Активний',
        },
        lang: 'uk',
      },
    };
  });
  app.route({ method: ['GET', 'PUT', 'DELETE', 'PATCH'], url: '/sites', handler: methodNotAllowed('POST') });

  app.post('/sites/logout', async (req, reply) => {
    const account = await seller(req, reply);
    if (!account) return reply;
    const secret = (await store.account(account))!;
    await store.createAccount(account, { ...secret, token: '', tokenAt: '0', oldToken: '' });
    return { success: true, content: { logout: true } };
  });

  app.get('/orders/search', async (req, reply) => {
    const account = await seller(req, reply);
    if (!account) return reply;
    const q = req.query as Record<string, unknown>;
    const bad: Record<string, string[]> = {};
    const dates: Record<string, Date | null> = {};
    for (const k of ['created_from', 'created_to', 'changed_from', 'changed_to']) {
      const d = filterDate(q[k], k.endsWith('_to'));
      if (d === 'bad') bad[k] = [`Значення «${k}» має бути датою у форматі YYYY-MM-DD або YYYY-MM-DD HH:MM:SS.`];
      else dates[k] = d;
    }
    const id = q.id === undefined || q.id === '' ? null : String(q.id);
    if (id !== null && !/^\d+$/.test(id)) bad.id = ['Значення «id» має бути цілим числом.'];
    const statuses = q.status === undefined || q.status === '' ? null : String(q.status).split(',');
    if (statuses && !statuses.every((s) => /^\d+$/.test(s.trim()))) bad.status = ['Значення «status» має бути цілим числом.'];
    const expand = expandOf(q);
    const empty = { orders: [], _meta: { totalCount: 0, pageCount: 0, currentPage: 1, perPage: PER_PAGE } };
    if (Object.keys(bad).length) {
      // Without Accept-Validate-Exception a search with a bad filter finds nothing (Yii's search models).
      const validate = /^(1|true)$/i.test(String(req.headers['accept-validate-exception'] ?? ''));
      return validate
        ? failure(1002, bad)
        : { success: true, content: { ...empty, totalFields: { amount: '0.00', amount_with_discount: '0.00', cost: '0.00', cost_with_discount: '0.00' } } };
    }
    const rows = await store.list(
      account,
      {
        createdFrom: dates.created_from ?? undefined,
        createdTo: dates.created_to ?? undefined,
        modifiedFrom: dates.changed_from ?? undefined,
        modifiedTo: dates.changed_to ?? undefined,
      },
      'id_desc',
      100_000,
    );
    let orders = rows
      .map((r) => r.body)
      .filter((o) => (id === null || String(o.id) === id) && (!statuses || statuses.some((s) => Number(s) === Number(o.status))));
    // `sort=-id` (descending) or `sort=id` (a "+" arrives as a space); unknown columns are ignored.
    const sort = String(q.sort ?? '').trim();
    const key = SORTS[sort.replace(/^-/, '')];
    if (key) {
      const dir = sort.startsWith('-') ? -1 : 1;
      orders = [...orders].sort((a, b) => {
        const x = key(a);
        const y = key(b);
        return (x < y ? -1 : x > y ? 1 : Number(a.id) - Number(b.id)) * dir;
      });
    }
    const totalCount = orders.length;
    const pageCount = Math.ceil(totalCount / PER_PAGE);
    // Yii's pagination: a page past the last is the last, a page below 1 (or not a number) is the first.
    const asked = Number.parseInt(String(q.page ?? '1'), 10);
    const page = Math.min(Math.max(Number.isFinite(asked) ? asked : 1, 1), Math.max(pageCount, 1));
    const sum = (f: string) => money(orders.reduce((a, o) => a + kopOf(o[f]), 0));
    return {
      success: true,
      content: {
        orders: orders.slice((page - 1) * PER_PAGE, page * PER_PAGE).map((o) => view(o, expand)),
        _meta: { totalCount, pageCount, currentPage: page, perPage: PER_PAGE },
        totalFields: {
          amount: sum('amount'),
          amount_with_discount: sum('amount_with_discount'),
          cost: sum('cost'),
          cost_with_discount: sum('cost_with_discount'),
        },
      },
    };
  });
  app.route({ method: ['POST', 'PUT', 'DELETE', 'PATCH'], url: '/orders/search', handler: methodNotAllowed('GET') });

  app.get('/orders/:id', async (req, reply) => {
    const account = await seller(req, reply);
    if (!account) return reply;
    const { id } = req.params as { id: string };
    if (!/^\d{1,15}$/.test(id)) return reply.code(404).send(failure(5404));
    const row = await store.order(account, Number(id));
    if (!row) return failure(1019);
    return { success: true, content: view(row.body, expandOf(req.query as Record<string, unknown>)) };
  });

  app.put('/orders/:id', async (req, reply) => {
    const account = await seller(req, reply);
    if (!account) return reply;
    const { id } = req.params as { id: string };
    if (!/^\d{1,15}$/.test(id)) return reply.code(404).send(failure(5404));
    const b = body(req);
    const entry = { call: `PUT /orders/${id}`, body: b };
    const fault = takeFault('rozetka', account);
    if (fault === 'rate_limit')
      return reply
        .code(429)
        .header('retry-after', '2')
        .send({ success: false, errors: { message: 'Too Many Requests', code: 0 } });
    if (fault === 'unavailable') return reply.code(503).send(failure(5503));
    const row = await store.order(account, Number(id));
    if (!row) return failure(1019);
    const refuse = async (answer: ReturnType<typeof failure>) => {
      await store.logRefusal(account, row.id, { ...entry, refused: answer.errors });
      return answer;
    };
    if (fault === 'refuse') return refuse(failure(1031));
    if (b.status === undefined || b.status === null || b.status === '') return refuse(failure(1001, 'status: Необхідно заповнити «status».'));
    const status = typeof b.status === 'number' ? b.status : typeof b.status === 'string' && /^\d+$/.test(b.status) ? Number(b.status) : NaN;
    if (!Number.isInteger(status)) return refuse(failure(1002, 'status: Значення «status» має бути цілим числом.'));
    const current = Number(row.body.status);
    if (!ROZETKA_STATUSES[status] || !(ROZETKA_TRANSITIONS[current] ?? []).includes(status))
      return refuse(failure(1005, `status: Статус ${status} недоступний для замовлення у статусі ${current}.`));
    const ttn = b.ttn === undefined || b.ttn === null ? '' : b.ttn;
    if (typeof ttn !== 'string' || (ttn && !/^[0-9A-Za-z]{4,30}$/.test(ttn)))
      return refuse(failure(1002, 'ttn: Значення «ttn» має бути рядком з літер і цифр.'));
    if (NEED_TTN.includes(status) && !ttn) return refuse(failure(1001, `ttn: Необхідно заповнити «ttn» для статусу ${status}.`));
    if (status === 49 && !(Number.isInteger(b.duplicate_order_id) && (b.duplicate_order_id as number) > 0))
      return refuse(failure(1001, 'duplicate_order_id: Необхідно заповнити «duplicate_order_id».'));
    if (b.seller_comment !== undefined && typeof b.seller_comment !== 'string') return refuse(failure(1002, 'seller_comment: Значення має бути рядком.'));
    // A TTN with status 2 moves the order on to 61 «Заплановано передачу перевізникові».
    const next = status === 2 && ttn ? 61 : status;
    const updated = await store.update(
      account,
      row.id,
      (o, at) => {
        const changed = kyivDateTime(at);
        const comment = typeof b.seller_comment === 'string' && b.seller_comment ? b.seller_comment : null;
        return {
          ...o,
          status: next,
          status_group: ROZETKA_STATUSES[next]![1],
          ...(ttn ? { ttn } : {}),
          ...(status === 49 ? { duplicate_order_id: b.duplicate_order_id } : {}),
          ...(comment
            ? {
                seller_comment: [{ comment, created: changed }, ...(Array.isArray(o.seller_comment) ? o.seller_comment : [])],
                seller_comment_created: changed,
                current_seller_comment: comment,
              }
            : {}),
          changed,
          last_update_status: changed,
        };
      },
      entry,
    );
    return { success: true, content: view(updated!.body, expandOf(req.query as Record<string, unknown>)) };
  });
  app.route({ method: ['POST', 'DELETE', 'PATCH'], url: '/orders/:id', handler: methodNotAllowed('GET, PUT') });

  // Any other path: Rozetka's 404.
  app.route({ method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'], url: '/*', handler: async (_req, reply) => reply.code(404).send(failure(5404)) });
}

export const rozetkaEmulator: FastifyPluginAsync<RozetkaEmulatorOptions> = async (app, opts) => {
  const store = emulatorStore(opts.db, 'rozetka');
  const now = opts.now ?? (() => new Date());
  // Rozetka's paths get Rozetka's error envelope; the control endpoints keep the portal's.
  await app.register(async (api) => registerApi(api, store, now));
  registerEmulatorControl(app, 'rozetka', store, {
    async newAccount(account) {
      const username = account ?? `seller_${randomToken(4)}`;
      const password = randomToken(8);
      await store.createAccount(username.toLowerCase(), { username, password });
      return { account: username.toLowerCase(), credentials: { username, password } };
    },
    newOrder: (account, input) => store.insertOrder(account, FIRST_ID, (id, now) => buildOrder(id, now, input), 'marketplace'),
  });
};
