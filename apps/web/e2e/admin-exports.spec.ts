/**
 * Issue 29 in the browser, the exports: an admin (made through the API) opens the ledger of every
 * reseller ("Журнал операцій" under Гроші), narrows it to one fresh reseller with the picker, a type
 * and today's Kyiv day, and downloads it as CSV and as XLSX; each file holds exactly the rows the page
 * shows (ids, dates, reseller, type, signed amounts, balances after, descriptions), the CSV parsed,
 * the XLSX opened with exceljs; a comment starting with '=' is neutralised in the CSV. Then the
 * orders list, filtered to the reseller's order, downloads the same two ways (one row per order line),
 * and the withdrawals tab narrowed to the reseller gives the bank's payouts file of the two it shows,
 * then of the one chosen. Screenshots (SHOTS_DIR) of the ledger, the orders export menu and the
 * withdrawals with the payouts button, desktop and 390 px.
 */
import fs from 'node:fs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { apiGet, createReseller, createStaffMember, placeOrder, reviewShots, signInWithToken } from './fixtures.ts';

/** Today in Kyiv as the date field types it (DD.MM.YYYY). */
const kyivToday = () => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Kyiv', year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(new Date())
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}.${p.month}.${p.year}`;
};
/** "+1 500.50" / "-20.00" / "2 750.50" as the page writes money -> a number. */
const uah = (text: string) =>
  Number(
    text
      .replace(/[\s\u00a0+]/g, '')
      .replace('грн.', '')
      .replace(/^баланс/, ''),
  );
/** The CSV's Kyiv time "2026-11-28 06:01:02" as the page writes it: "28.11.2026 06:01". */
const pageTime = (csv: string) => csv.replace(/^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):\d{2}$/, '$3.$2.$1 $4:$5');

/** Clicks one of an export menu's formats and waits for the browser's download. */
async function download(page: Page, testId: string, format: 'csv' | 'xlsx'): Promise<{ file: Download; body: Buffer }> {
  await page.getByTestId(testId).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`${testId}-${format}`).click()]);
  const at = await file.path();
  expect(at).toBeTruthy();
  await expect(page.getByTestId(testId)).not.toHaveAttribute('data-busy', /./);
  return { file, body: fs.readFileSync(at) };
}

/** A CSV file's header and rows (the BOM left out). */
function readCsv(body: Buffer): { header: string[]; rows: Record<string, string>[] } {
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  const all = parse(text, { relax_column_count: false }) as string[][];
  const [header, ...rest] = all;
  return { header: header!, rows: rest.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? '']))) };
}

/** The first sheet of an XLSX file: its header and rows as cell values. */
async function readXlsx(body: Buffer): Promise<{ header: string[]; rows: Record<string, unknown>[] }> {
  const wb = new ExcelJS.Workbook();
  // ExcelJS types its argument as an older Buffer (as the API tests do).
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const v = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, v[i]])));
  });
  return { header, rows };
}

interface ShownOp {
  id: string;
  date: string;
  reseller: string;
  type: string;
  amount: number;
  balance: number;
  details: string;
}

/** The ledger rows as the page shows them (desktop table). */
async function shownOps(page: Page): Promise<ShownOp[]> {
  const rows = page.getByTestId('ledger-row');
  const out: ShownOp[] = [];
  for (const row of await rows.all()) {
    out.push({
      id: (await row.getAttribute('data-id'))!,
      date: (await row.getByTestId('ledger-date').innerText()).trim(),
      reseller: (await row.getByTestId('reseller-link').innerText()).trim(),
      type: (await row.getByTestId('ledger-type').innerText()).trim(),
      amount: uah(await row.getByTestId('ledger-amount').innerText()),
      balance: uah(await row.getByTestId('ledger-balance').innerText()),
      details: (await row.locator('td').nth(4).innerText()).trim(),
    });
  }
  return out;
}

async function typeDay(field: Locator, day: string) {
  await field.click();
  await field.press('Control+a');
  await field.press('Backspace');
  await field.pressSequentially(day.replace(/\./g, ''));
  await field.press('Tab');
}

test('the ledger of every reseller: filtered on the page, downloaded as CSV and XLSX with the rows it shows; the orders list too', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const name = `Експорт Перевірка ${Date.now() % 100000}`;
  const [token, reseller] = await Promise.all([createStaffMember(request, 'admin', 'Адмін Звітів'), createReseller(request, { name })]);
  const me = await apiGet<{ data: { id: number } }>(request, reseller.token, '/api/v1/auth/user');
  const userId = me.data.id;
  const headers = { authorization: `Bearer ${token}` };
  // Three corrections (one with a comment a spreadsheet would run) and an order: the reseller's ledger.
  for (const [i, c] of [
    { amount: 1500.5, comment: 'Бонус за березень' },
    { amount: -120.25, comment: '=1+1 списання' },
    { amount: 75, comment: 'Повернення, частково' },
  ].entries()) {
    const r = await request.post(`/api/v1/admin/users/${userId}/corrections`, {
      headers: { ...headers, 'Idempotency-Key': `e2e-exports-${userId}-${i}` },
      data: c,
    });
    expect(r.status(), await r.text()).toBe(201);
  }
  const { order } = await placeOrder(request, reseller.token);
  const apiOps = await apiGet<{ data: { id: number; type: string }[]; meta: { total: number } }>(
    request,
    token,
    `/api/v1/admin/operations?user_id=${userId}&per_page=100`,
  );
  expect(apiOps.meta.total).toBeGreaterThanOrEqual(3);

  await signInWithToken(page, token);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/money');
  await page.getByTestId('money-tab-operations').click();
  await expect(page).toHaveURL(/\/admin\/money\/operations$/);
  await expect(page.getByTestId('admin-ledger-page')).toHaveAttribute('data-state', 'ready');

  // The reseller, picked by typing part of the name.
  const picker = page.getByTestId('money-filter-user');
  await picker.click();
  await picker.fill(name.split(' ').slice(1).join(' '));
  await page.locator(`[data-testid="money-filter-user-option"][data-user-id="${userId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`user_id=${userId}`));
  await expect(page.getByTestId('ledger-row')).toHaveCount(apiOps.meta.total);
  await expect(page.getByTestId('ledger-total')).toHaveText(`Знайдено: ${apiOps.meta.total}`);
  for (const row of await page.getByTestId('ledger-row').all()) await expect(row).toHaveAttribute('data-user-id', String(userId));

  // Corrections only, today only.
  await page.getByTestId('ledger-type-filter').click();
  await page.getByRole('option', { name: 'Коригування' }).click();
  await typeDay(page.getByTestId('money-filter-from'), kyivToday());
  await typeDay(page.getByTestId('money-filter-to'), kyivToday());
  await expect(page).toHaveURL(/type=correction/);
  await expect(page).toHaveURL(/date_from=\d{4}-\d{2}-\d{2}/);
  await expect(page).toHaveURL(/date_to=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByTestId('ledger-row')).toHaveCount(3);
  const shown = await shownOps(page);
  expect(shown.map((o) => o.type)).toEqual(['Коригування', 'Коригування', 'Коригування']);
  expect(shown.map((o) => o.amount)).toEqual([75, -120.25, 1500.5]);
  expect(shown.map((o) => o.balance)).toEqual([1455.25, 1380.25, 1500.5]);
  await reviewShots(page, 'admin-ledger');

  // CSV: the page's columns, and exactly its rows.
  const csvFile = await download(page, 'ledger-export', 'csv');
  expect(csvFile.file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readCsv(csvFile.body);
  const pageHead = (await page.getByTestId('ledger-table').locator('thead th').allInnerTexts()).map((s) => s.trim()).filter((s) => s !== '№');
  for (const h of pageHead) expect(csv.header, h).toContain(h);
  expect(csv.rows.map((r) => r.ID)).toEqual(shown.map((o) => o.id));
  for (const [i, o] of shown.entries()) {
    const r = csv.rows[i]!;
    expect(pageTime(r['Дата']!)).toBe(o.date);
    expect(r['Реселер']).toBe(o.reseller);
    expect(r['ID реселера']).toBe(String(userId));
    expect(r['Тип']).toBe(o.type);
    expect(Number(r['Сума, грн'])).toBe(o.amount);
    expect(Number(r['Баланс після, грн'])).toBe(o.balance);
    expect(o.details.startsWith(r['Опис']!)).toBe(true);
    expect(o.details).toContain(r['Коментар']!.replace(/^'/, ''));
  }
  // The page shows the comment as typed; the CSV neutralises it.
  expect(shown[1]!.details).toContain('=1+1 списання');
  expect(csv.rows[1]!['Коментар']).toBe("'=1+1 списання");

  // XLSX: the same rows, numbers as numbers.
  const xlsxFile = await download(page, 'ledger-export', 'xlsx');
  expect(xlsxFile.file.suggestedFilename()).toMatch(/\.xlsx$/);
  const xlsx = await readXlsx(xlsxFile.body);
  expect(xlsx.header).toEqual(csv.header);
  expect(xlsx.rows.map((r) => String(r.ID))).toEqual(shown.map((o) => o.id));
  expect(xlsx.rows.map((r) => r['Сума, грн'])).toEqual(shown.map((o) => o.amount));
  expect(xlsx.rows.map((r) => r['Баланс після, грн'])).toEqual(shown.map((o) => o.balance));

  // The orders list, narrowed to the reseller's order: its lines in both files.
  await page.goto(`/admin/orders?view=list&search=${encodeURIComponent(order.number)}`);
  await expect(page.getByTestId('admin-order-row')).toHaveCount(1);
  const numbers = (await page.getByTestId('admin-order-row').locator('a').first().allInnerTexts()).map((s) => s.replace('№', '').trim());
  expect(numbers).toEqual([String(order.number)]);
  const ordersCsv = readCsv((await download(page, 'admin-orders-export', 'csv')).body);
  expect(ordersCsv.rows.length).toBe(order.products.length);
  expect(new Set(ordersCsv.rows.map((r) => r['Номер']))).toEqual(new Set(numbers));
  expect(ordersCsv.rows.every((r) => r['ID реселера'] === String(userId))).toBe(true);
  const ordersXlsx = await readXlsx((await download(page, 'admin-orders-export', 'xlsx')).body);
  expect(ordersXlsx.rows.map((r) => String(r['Номер']))).toEqual(ordersCsv.rows.map((r) => r['Номер']));
  await page.getByTestId('admin-orders-export').click();
  await expect(page.getByTestId('admin-orders-export-menu')).toBeVisible();
  await reviewShots(page, 'admin-orders-export-menu');
  await page.keyboard.press('Escape');

  // The money tabs narrowed to the reseller: no top-ups; its two new withdrawals and the bank's payouts file.
  await page.goto(`/admin/money?status=all&user_id=${userId}`);
  await expect(page.getByTestId('money-empty')).toContainText('За цими фільтрами');
  await expect(page.getByTestId('money-filter-user')).toHaveValue(new RegExp(`#${userId}`));
  const asked: { id: number; amount: number }[] = [];
  for (const amount of [100, 250.5]) {
    const w = await request.post('/api/v1/withdraws', {
      headers: { authorization: `Bearer ${reseller.token}` },
      data: { amount, requisites: '4111 1111 1111 1111' },
    });
    expect([200, 201], await w.text()).toContain(w.status());
    asked.push({ id: ((await w.json()) as { data: { id: number } }).data.id, amount });
  }
  await page.goto(`/admin/money?tab=withdrawals&user_id=${userId}`);
  await expect(page.getByTestId('money-row')).toHaveCount(2);
  await expect(page.getByTestId('money-payouts')).toHaveText('Файл виплат: показані (2)');
  const payouts = readCsv((await download(page, 'money-payouts', 'csv')).body);
  const byId = (rows: Record<string, unknown>[]) =>
    rows.map((r) => ({ id: Number(r['ID заявки']), amount: Number(r['Сума, грн']), card: String(r['Номер картки']) })).sort((a, b) => a.id - b.id);
  expect(byId(payouts.rows)).toEqual(asked.map((a) => ({ ...a, card: '4111111111111111' })));
  expect(payouts.rows.every((r) => r['ПІБ отримувача'] === name)).toBe(true);
  await page.locator(`[data-testid="money-row"][data-id="${asked[1]!.id}"]`).getByTestId('money-select-row').check();
  await expect(page.getByTestId('money-payouts')).toHaveText('Файл виплат: вибрані (1)');
  await reviewShots(page, 'admin-money-payouts');
  const chosen = await readXlsx((await download(page, 'money-payouts', 'xlsx')).body);
  expect(byId(chosen.rows)).toEqual([{ ...asked[1]!, card: '4111111111111111' }]);
  // The withdrawals tab's own export: the same two, as the list shows them.
  const listed = readCsv((await download(page, 'money-export', 'csv')).body);
  expect(listed.rows.map((r) => Number(r.ID)).sort((a, b) => a - b)).toEqual(asked.map((a) => a.id));
});
