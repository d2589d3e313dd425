import { sql } from 'drizzle-orm';
import type { TestApp } from './app.ts';
import { EMULATOR_DATA } from '../integrations/novaposhta/emulator-data.ts';

/** Helpers for order tests: a Kyiv branch order, carts, orders placed and confirmed through the API. */
// Kyiv and its branch No 1 as the built-in NP emulator knows them (it refuses a waybill to a city or branch it does not know, as NP does).
const kyiv = EMULATOR_DATA.cities.find((c) => c.name === 'Київ')!;
export const KYIV = kyiv.ref;
export const BRANCH = EMULATOR_DATA.warehouses.find((w) => w.cityRef === kyiv.ref && w.number === 1)!.ref;
/** A Kyiv street of the emulator (courier orders). */
export const KYIV_STREET = EMULATOR_DATA.streets.find((s) => s.cityRef === kyiv.ref)!.ref;

export const branchOrder = {
  last_name: 'Коваленко',
  first_name: 'Олена',
  middle_name: 'Петрівна',
  phone: '+38 (067) 123-45-67',
  delivery_service: 'NovaPoshta',
  delivery_method: 'Branch',
  delivery_type: 'NovaPoshta',
  payment_delivery: 'Recipient',
  payment_method: 'COD',
  city_ref: KYIV,
  city_name: 'Київ',
  branch_ref: BRANCH,
  branch_name: 'Відділення №1',
  comment: 'Дзвонити після 18:00',
} as const;

export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

export function orderTools(t: TestApp) {
  const stock = async (id: number) => {
    const r = (await t.database.db.execute(sql`SELECT qty, reserved FROM products WHERE id = ${id}`)) as unknown as {
      rows: { qty: number; reserved: number }[];
    };
    return r.rows[0]!;
  };
  const setStock = (id: number, qty: number) => t.database.db.execute(sql`UPDATE products SET qty = ${qty}, reserved = 0 WHERE id = ${id}`);
  const balance = async (userId: number) => {
    const r = (await t.database.db.execute(
      sql`SELECT balance_kop, (SELECT coalesce(sum(amount_kop), 0) FROM operations WHERE user_id = ${userId}) AS sum FROM users WHERE id = ${userId}`,
    )) as unknown as {
      rows: { balance_kop: string; sum: string }[];
    };
    return { balanceKop: Number(r.rows[0]!.balance_kop), ledgerKop: Number(r.rows[0]!.sum) };
  };
  async function fill(token: string, lines: [number, number, number][]) {
    for (const [product_id, qty, retail_price] of lines) {
      const r = await t.request('POST', '/api/v1/carts', { token, body: { product_id, qty, retail_price } });
      if (r.status !== 200) throw new Error(`cart: ${r.status} ${JSON.stringify(r.body)}`);
    }
  }
  async function place(token: string, lines: [number, number, number][], over: Record<string, unknown> = {}) {
    await fill(token, lines);
    const r = await t.request('POST', '/api/v1/orders', { token, body: { ...branchOrder, ...over } });
    if (r.status !== 201) throw new Error(`order: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
  async function placeConfirmed(token: string, lines: [number, number, number][], over: Record<string, unknown> = {}) {
    const o = await place(token, lines, over);
    const r = await t.request('POST', `/api/v1/orders/${o.id}/confirm`, { token });
    if (r.status !== 200) throw new Error(`confirm: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  }
  function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer; type?: string }) {
    const boundary = `----drop${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    if (file) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      parts.push(file.content, Buffer.from('\r\n'));
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
  }
  async function upload(token: string, fields: Record<string, string>, file?: { name: string; content: Buffer; type?: string }) {
    const { payload, contentType } = multipart(fields, file);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media-files',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
  }
  return { stock, setStock, balance, fill, place, placeConfirmed, upload };
}
