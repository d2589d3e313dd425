import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { CategoryDto, OrderDto, ProductsResponse } from '@drop/shared';

export const OPERATOR = { email: 'operator@e2e.local', password: 'operator-pass-1' };

let operatorSession: Promise<string> | undefined;

/**
 * The test server's first account (role admin), signed in once per worker and shared by every
 * spec: sign-in is rate limited per e-mail (10 per 10 minutes), as it is for everyone.
 */
export function operatorToken(request: APIRequestContext): Promise<string> {
  operatorSession ??= signInStaff(request, OPERATOR.email, OPERATOR.password, `e2e-operator-${process.pid}`);
  return operatorSession;
}

/** Staff sign in with a mailed code always: password, then the code from the dev mailbox. Answers the token. */
export async function signInStaff(request: APIRequestContext, email: string, password: string, deviceToken: string): Promise<string> {
  const after = await lastMailId(request, email);
  const r = await request.post('/api/v1/auth/login', { data: { email, password, device_token: deviceToken } });
  expect(r.status(), await r.text()).toBe(200);
  const login = ((await r.json()) as { data: { enabled_2fa: boolean; attempt_id?: string; token?: string } }).data;
  if (!login.enabled_2fa) return login.token!;
  // Two workers may sign the same person in at once: each mail is a code for one attempt, so a code
  // the attempt refuses was the other sign-in's, and the next one mailed since is tried.
  const tried = new Set<string>();
  for (;;) {
    const code = await mailedCode(request, email, /вход/, after, tried);
    tried.add(code);
    const c = await request.post('/api/v1/auth/confirm-login', { data: { email, code, attempt_id: login.attempt_id, device_token: deviceToken } });
    if (c.status() === 200) return ((await c.json()) as { data: { token: string } }).data.token;
    expect(tried.size < 4 && c.status() < 500, await c.text()).toBe(true);
  }
}

/**
 * A staff member made by the admin through the API (`role`, `name`), who sets a password from the
 * invitation mail's link (its attempt and code, as the page would): their token.
 */
export async function createStaffMember(request: APIRequestContext, role: 'admin' | 'manager' | 'accountant' | 'warehouse', name: string): Promise<string> {
  const admin = await operatorToken(request);
  const email = uniqueEmail(`${role}-e2e`);
  const password = `${role}-pass-1`;
  const after = await lastMailId(request, email);
  const made = await request.post('/api/v1/admin/staff', { headers: { authorization: `Bearer ${admin}` }, data: { email, name, role, lang: 'uk' } });
  expect(made.status(), await made.text()).toBe(201);
  let link: URL | undefined;
  await expect
    .poll(
      async () => {
        const mails = (
          (await (await request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { data: { id: number; subject: string; text: string }[] }
        ).data;
        const invite = mails.find((m) => m.id > after && /Запрошення/.test(m.subject));
        const href = invite ? /\S*\/forgot-password\?\S+/.exec(invite.text)?.[0] : undefined;
        link = href ? new URL(href, 'http://x') : undefined;
        return Boolean(link);
      },
      { timeout: 15_000, intervals: [200] },
    )
    .toBe(true);
  const q = link!.searchParams;
  const restored = await request.post('/api/v1/password/restore', {
    data: {
      email,
      attempt_id: q.get('attempt_id'),
      code: q.get('code'),
      password,
      password_confirmation: password,
      device_token: `e2e-${role}-${process.pid}`,
    },
  });
  expect(restored.status(), await restored.text()).toBe(200);
  return ((await restored.json()) as { data: { token: string } }).data.token;
}

/** Screenshots for review into $SHOTS_DIR (nothing without it): 1440 and 390 px wide. */
export async function reviewShots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize() ?? { width: 1440, height: 900 };
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(dir, `${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(dir, `${name}-390.png`), fullPage: true });
  await page.setViewportSize(size);
  await page.waitForTimeout(300);
}

let seq = 0;
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${process.pid}-${seq++}@e2e.test`;

/** Reads the newest 6-digit code mailed to an address from the dev mailbox (after mail `after`, none of `skip`). */
export async function mailedCode(
  request: APIRequestContext,
  email: string,
  subject: RegExp,
  after = 0,
  skip: ReadonlySet<string> = new Set(),
): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const r = await request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`);
        const mails = ((await r.json()) as { data: { id: number; subject: string }[] }).data;
        const codes = mails.filter((x) => x.id > after && subject.test(x.subject)).map((x) => /(\d{6})/.exec(x.subject)?.[1] ?? '');
        code = codes.find((c) => c && !skip.has(c)) ?? '';
        return code;
      },
      { timeout: 15_000, intervals: [200] },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

export async function lastMailId(request: APIRequestContext, email: string): Promise<number> {
  const r = await request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mails = ((await r.json()) as { data: { id: number }[] }).data;
  return mails[0]?.id ?? 0;
}

/** A confirmed reseller made through the API; returns its credentials and a token. */
export async function createReseller(request: APIRequestContext, over: { name?: string } = {}) {
  const email = uniqueEmail('reseller');
  const password = 'reseller-pass-1';
  const reg = await request.post('/api/v1/auth/register', {
    data: { name: over.name ?? 'Ірина Мельник', email, phone: '0671234567', password, password_confirmation: password },
  });
  expect(reg.status()).toBe(201);
  const code = await mailedCode(request, email, /реєстрації/);
  const { attempt_id } = ((await reg.json()) as { data: { attempt_id: string } }).data;
  const conf = await request.post('/api/v1/auth/confirm', { data: { email, attempt_id, code, device_token: 'e2e-api' } });
  expect(conf.status()).toBe(200);
  const token = ((await conf.json()) as { data: { token: string } }).data.token;
  return { email, password, token };
}

/** Signs in through the UI's stored-token path and lands on the dashboard with the changelog already seen. */
export async function signInWithToken(page: Page, token: string) {
  await page.addInitScript(() => window.localStorage.setItem('show_changes_log', '1.0.7'));
  await page.goto(`/login?token=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** GET an API path as the given user; anything but 200 fails the test. */
export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const r = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(r.status(), path).toBe(200);
  return (await r.json()) as T;
}

export const leavesOf = (tree: CategoryDto[]): CategoryDto[] => tree.flatMap((c) => (c.child.length === 0 ? [c] : leavesOf(c.child)));

/**
 * A leaf category whose first page holds a product with stock of at least 2 and a recommended price above drop.
 * `fromEnd` searches the leaves from the last one: most specs buy from the first leaves, so a spec that asserts the
 * product's stock meets fewer orders beside it (a few specs also buy from the end: assert stock with that margin).
 */
export async function productToBuy(request: APIRequestContext, token: string, { fromEnd = false } = {}) {
  const tree = (await apiGet<{ data: CategoryDto[] }>(request, token, '/api/v1/categories')).data;
  const leaves = leavesOf(tree).filter((c) => c.products_count > 0);
  for (const leaf of fromEnd ? leaves.reverse() : leaves) {
    const list = await apiGet<ProductsResponse>(request, token, `/api/v1/products?category_id=${leaf.id}&per_page=10`);
    const product = list.data.find((p) => p.qty >= 2 && !p.in_cart && p.retail_price - p.drop_price >= 1);
    if (product) return { leaf, product };
  }
  throw new Error('no product in stock with a recommended price above drop');
}

/** Resolves once the Socket.IO namespace connect is acknowledged (the server joined the user's room). */
export function realtimeReady(page: Page) {
  return page
    .waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'))
    .then((ws) => ws.waitForEvent('framereceived', (f) => String(f.payload).startsWith('40')));
}

/** A small valid PNG (a solid orange square) built in memory. */
export function pngBuffer(size = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0xfd, 0x92, 0x07]))]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A cart line and an order placed through the API (Rozetka branch: no Nova Poshta refs needed), qty 1. */
export async function placeOrder(request: APIRequestContext, token: string, pick: { fromEnd?: boolean } = {}) {
  const headers = { authorization: `Bearer ${token}` };
  const { product } = await productToBuy(request, token, pick);
  const retail = Math.max(product.retail_price, product.markup_price);
  const add = await request.post('/api/v1/carts', { headers, data: { product_id: product.id, qty: 1, retail_price: retail } });
  expect(add.status(), await add.text()).toBeLessThan(300);
  const res = await request.post('/api/v1/orders', {
    headers,
    data: {
      last_name: 'Шевченко',
      first_name: 'Тарас',
      phone: '+380671234567',
      delivery_service: 'Rozetka',
      delivery_method: 'Branch',
      delivery_type: 'NovaPoshta',
      payment_delivery: 'Recipient',
      payment_method: 'COD',
      city_name: 'Львів',
      branch_name: 'Відділення 5',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { product, order: ((await res.json()) as { data: OrderDto }).data };
}

/**
 * Opens the landing page and waits for the app to take over its prerendered HTML: until then the
 * page is painted but its buttons do nothing.
 */
export async function openLanding(page: Page) {
  await page.goto('/');
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
}

/** Node fetch against the API the e2e server runs (JSON in, `{data}` out); a status other than 200/201 fails the test. */
export async function apiCall<T>(baseURL: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  expect([200, 201], `${method} ${path}: ${res.status}`).toContain(res.status);
  return ((await res.json()) as { data: T }).data;
}
