/**
 * Issue 28 in the browser, the money side: an accountant (made by the admin through the API) approves
 * ten pending top-ups with their receipts, two ways, each measured ("approve 10 top-ups": 40 clicks
 * before). (a) Bulk: from the navigation's "Поповнення" worklist, the ten rows chosen by their
 * checkboxes, "Зарахувати вибрані (10)", confirm, every row's result ok. (b) The receipt walk: a
 * second ten, the first receipt opened, each receipt looked at and approved with A, the dialog going
 * on to the next by itself. Each reseller's balance is credited exactly once (balance and one payment
 * operation per top-up), the worklist counter drops, and a double press of the confirm button sends
 * one request. The top-ups are told apart from other specs' by their ids (and each set is one fresh
 * reseller's); another spec's top-up met in the walk is stepped over with → (counted as a key).
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { OperationDto, PaymentDto } from '@drop/shared';
import { apiGet, createReseller, createStaffMember, pngBuffer, signInWithToken } from './fixtures.ts';

const COUNT = 10;

/** UAH as the back office writes it: "1 452.50". */
const money = (uah: number) => uah.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/, ' ');

/** A pending top-up with a PNG receipt, made by the reseller through the API. */
async function pendingTopUp(request: APIRequestContext, token: string, amount: number): Promise<PaymentDto> {
  const headers = { authorization: `Bearer ${token}` };
  const doc = await request.post('/api/v1/payment-documents', {
    headers,
    multipart: { file: { name: `receipt-${amount}.png`, mimeType: 'image/png', buffer: pngBuffer() } },
  });
  expect(doc.status(), await doc.text()).toBe(201);
  const docId = ((await doc.json()) as { data: { id: number } }).data.id;
  const pay = await request.post('/api/v1/payments', { headers, data: { amount, payment_document_id: docId, comment: 'Переказ з картки' } });
  expect(pay.status(), await pay.text()).toBe(201);
  return ((await pay.json()) as { data: PaymentDto }).data;
}

/** A fresh reseller with `amounts.length` pending top-ups (made one after another: consecutive ids). */
async function resellerWithTopUps(request: APIRequestContext, name: string, amounts: number[]) {
  const reseller = await createReseller(request, { name });
  const tops: PaymentDto[] = [];
  for (const a of amounts) tops.push(await pendingTopUp(request, reseller.token, a));
  return { reseller, tops, sum: Math.round(amounts.reduce((s, a) => s + a * 100, 0)) / 100 };
}

/** The reseller's balance and payment operations: the sum once, one operation per top-up. */
async function expectCreditedOnce(request: APIRequestContext, token: string, tops: PaymentDto[], sum: number) {
  const user = await apiGet<{ data: { balance: number } }>(request, token, '/api/v1/auth/user');
  expect(user.data.balance).toBe(sum);
  const ops = await apiGet<{ data: OperationDto[] }>(request, token, '/api/v1/operations?type=payment&per_page=100');
  expect(ops.data.map((o) => o.operationable_id).sort((a, b) => a! - b!)).toEqual(tops.map((t) => t.id).sort((a, b) => a - b));
  for (const o of ops.data) expect(o.amount).toBe(tops.find((t) => t.id === o.operationable_id)!.amount);
}

/** The ids of every pending top-up now (through the API, as the accountant). */
async function pendingIds(request: APIRequestContext, token: string): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let page = 1; ; page++) {
    const r = await apiGet<{ data: { id: number }[]; meta: { last_page: number } }>(
      request,
      token,
      `/api/v1/admin/payments?status=Pending&per_page=100&page=${page}`,
    );
    for (const p of r.data) ids.add(p.id);
    if (page >= r.meta.last_page) return ids;
  }
}

/**
 * The top-ups counter of the navigation, once it agrees with the queue: `pending` is the set of
 * pending ids at that moment (other specs may add top-ups meanwhile, so the two are read together).
 */
async function settledCounter(page: Page, request: APIRequestContext, token: string) {
  const link = page.getByTestId('worklist-link-topups');
  let result = { count: -1, pending: new Set<number>() };
  await expect
    .poll(
      async () => {
        const pending = await pendingIds(request, token);
        const count = Number((await link.getAttribute('data-count')) ?? -1);
        result = { count, pending };
        return count === pending.size;
      },
      { timeout: 30_000, intervals: [300, 500, 1_000] },
    )
    .toBe(true);
  return result;
}

/** After `mine` were approved: the counter dropped by them (less whatever other specs added since `before`). */
async function expectCounterDropped(
  page: Page,
  request: APIRequestContext,
  token: string,
  before: { count: number; pending: Set<number> },
  mine: PaymentDto[],
) {
  for (const t of mine) expect(before.pending.has(t.id)).toBe(true);
  const link = page.getByTestId('worklist-link-topups');
  await expect
    .poll(
      async () => {
        const pending = await pendingIds(request, token);
        const count = Number((await link.getAttribute('data-count')) ?? -1);
        const newcomers = [...pending].filter((id) => !before.pending.has(id)).length;
        return count === pending.size && mine.every((t) => !pending.has(t.id)) && count <= before.count - mine.length + newcomers;
      },
      { timeout: 30_000, intervals: [300, 500, 1_000] },
    )
    .toBe(true);
}

test('an accountant approves 10 top-ups in one bulk action, then 10 more from the receipt walk with A', async ({ page, request }) => {
  test.setTimeout(240_000);
  // Amounts with kopecks, different in each set: a wrong or a double credit shows in the sums.
  const bulkAmounts = Array.from({ length: COUNT }, (_, i) => 100 + i * 10 + 0.25);
  const walkAmounts = Array.from({ length: COUNT }, (_, i) => 50 + i * 5 + 0.5);
  const [token, bulkSet] = await Promise.all([
    createStaffMember(request, 'accountant', 'Олена Рахункова'),
    resellerWithTopUps(request, 'Марія Оптова', bulkAmounts),
  ]);
  const row = (id: number) => page.locator(`[data-testid="money-row"][data-id="${id}"]`);

  let clicks = 0;
  let keys = 0;
  const click = async (l: Locator) => {
    clicks++;
    await l.click();
  };
  const check = async (l: Locator) => {
    clicks++;
    await l.check();
  };

  await signInWithToken(page, token);
  await page.goto('/admin');
  await expect(page.getByTestId('admin-shell')).toBeVisible();
  const topupsLink = page.getByTestId('worklist-link-topups');
  await expect(topupsLink).toHaveAttribute('data-count', /^\d+$/);
  const beforeBulk = await settledCounter(page, request, token);
  expect(beforeBulk.count).toBeGreaterThanOrEqual(COUNT);

  // (a) Bulk: the worklist from the navigation, the ten chosen, approve, confirm, results.
  const bulkStarted = Date.now();
  await click(topupsLink);
  await expect(page).toHaveURL(/\/admin\/money\?tab=topups&status=Pending/);
  for (const t of bulkSet.tops) await check(row(t.id).getByTestId('money-select-row'));
  await expect(page.getByTestId('money-bulk-count')).toHaveText(`Вибрано: ${COUNT}`);
  await expect(page.getByTestId('money-bulk-action')).toHaveText(`Зарахувати вибрані (${COUNT})`);
  await click(page.getByTestId('money-bulk-action'));
  const confirm = page.getByTestId('money-bulk-confirm');
  await expect(confirm.getByTestId('money-bulk-confirm-text')).toHaveText(
    `Поповнень: ${COUNT}, разом ${money(bulkSet.sum)} грн. Кожне буде зараховано на заявлену суму.`,
  );
  await click(confirm.getByTestId('money-bulk-confirm-go'));
  const results = page.getByTestId('money-bulk-results');
  await expect(results.getByTestId('money-bulk-results-title')).toHaveText(`Результат: ${COUNT} з ${COUNT} успішно`);
  await expect(results.locator('[data-testid="money-bulk-results-row"][data-ok="true"]')).toHaveCount(COUNT);
  for (const t of bulkSet.tops) await expect(results.locator(`[data-testid="money-bulk-results-row"][data-id="${t.id}"]`)).toHaveAttribute('data-ok', 'true');
  await click(results.getByTestId('money-bulk-results-done'));
  for (const t of bulkSet.tops) await expect(row(t.id)).toHaveCount(0);
  const bulkSeconds = (Date.now() - bulkStarted) / 1000;
  const bulkClicks = clicks;
  console.log(`approve ${COUNT} top-ups (bulk): ${bulkClicks} clicks, ${bulkSeconds.toFixed(1)} s`);

  await expectCreditedOnce(request, bulkSet.reseller.token, bulkSet.tops, bulkSet.sum);
  await expectCounterDropped(page, request, token, beforeBulk, bulkSet.tops);

  // (b) The walk: a second ten (another reseller's), made now so they are the newest on the page.
  const walkSet = await resellerWithTopUps(request, 'Петро Поштучний', walkAmounts);
  const walkIds = new Set(walkSet.tops.map((t) => t.id));
  await page.reload();
  // The list is newest first: the walk starts from this set's newest receipt and goes down the page.
  const walkOrder = [...walkSet.tops].sort((a, b) => b.id - a.id);
  await expect(row(walkOrder[0]!.id)).toBeVisible();
  await expect(row(walkOrder.at(-1)!.id)).toBeVisible();
  const beforeWalk = await settledCounter(page, request, token);
  clicks = 0;
  const walkStarted = Date.now();
  await click(row(walkOrder[0]!.id).getByTestId('receipt-open'));
  const walk = page.getByTestId('receipt-dialog');
  let stepped = 0;
  for (const t of walkOrder) {
    // Another spec's top-up between these: stepped over with →, never approved here.
    for (;;) {
      await expect(walk).toHaveAttribute('data-id', /^\d+$/);
      const shown = Number(await walk.getAttribute('data-id'));
      if (shown === t.id) break;
      expect(walkIds.has(shown), `the walk shows #${shown}, expected #${t.id}`).toBe(false);
      keys++;
      stepped++;
      await page.keyboard.press('ArrowRight');
      await expect(walk).not.toHaveAttribute('data-id', String(shown));
    }
    // The receipt is looked at: the image is shown beside the claimed amount.
    await expect(walk.getByTestId('receipt-image')).toBeVisible();
    await expect(walk.getByTestId('receipt-claimed')).toContainText(money(t.amount));
    keys++;
    await page.keyboard.press('a');
    // Approved: the dialog goes on to another top-up (or closes after the last pending one).
    await expect(page.locator(`[data-testid="receipt-dialog"][data-id="${t.id}"]`)).toHaveCount(0);
  }
  for (const t of walkSet.tops) await expect(row(t.id)).toHaveCount(0);
  const walkSeconds = (Date.now() - walkStarted) / 1000;
  console.log(
    `approve ${COUNT} top-ups (receipt walk, keyboard): ${clicks} clicks + ${keys} keys, ${walkSeconds.toFixed(1)} s${stepped ? ` (${stepped} other specs' top-ups stepped over)` : ''}`,
  );
  if (await walk.count()) await page.keyboard.press('Escape');
  await expect(walk).toHaveCount(0);

  await expectCreditedOnce(request, walkSet.reseller.token, walkSet.tops, walkSet.sum);
  await expectCounterDropped(page, request, token, beforeWalk, walkSet.tops);
  // The first set was not touched again.
  await expectCreditedOnce(request, bulkSet.reseller.token, bulkSet.tops, bulkSet.sum);
});

test('a double press of the bulk confirm button sends one request: each top-up credited once', async ({ page, request }) => {
  test.setTimeout(120_000);
  const [token, set] = await Promise.all([
    createStaffMember(request, 'accountant', 'Олена Рахункова'),
    resellerWithTopUps(request, 'Іван Подвійний', [70.1, 80.2]),
  ]);
  const row = (id: number) => page.locator(`[data-testid="money-row"][data-id="${id}"]`);
  await signInWithToken(page, token);
  await page.goto('/admin/money');
  for (const t of set.tops) await row(t.id).getByTestId('money-select-row').check();
  await expect(page.getByTestId('money-bulk-action')).toHaveText('Зарахувати вибрані (2)');
  await page.getByTestId('money-bulk-action').click();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/admin/payments/bulk') sent.push(r.postData() ?? '');
  });
  await page.getByTestId('money-bulk-confirm').getByTestId('money-bulk-confirm-go').dblclick();
  const results = page.getByTestId('money-bulk-results');
  await expect(results.getByTestId('money-bulk-results-title')).toHaveText('Результат: 2 з 2 успішно');
  await expect(results.locator('[data-testid="money-bulk-results-row"][data-ok="true"]')).toHaveCount(2);
  // Both presses were over before the answer came: a second request would have been sent by now.
  expect(sent).toHaveLength(1);
  expect((JSON.parse(sent[0]!) as { ids: number[] }).ids.sort((a, b) => a - b)).toEqual(set.tops.map((t) => t.id).sort((a, b) => a - b));
  await results.getByTestId('money-bulk-results-done').click();
  for (const t of set.tops) await expect(row(t.id)).toHaveCount(0);
  await expectCreditedOnce(request, set.reseller.token, set.tops, set.sum);
  expect(sent).toHaveLength(1);
});
