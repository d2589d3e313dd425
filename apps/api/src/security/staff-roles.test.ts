import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { STAFF_ROLES, mayAccess, type StaffArea, type StaffRole } from '@drop/shared';
import type * as Shared from '@drop/shared';
import { buildTestApp, type TestApp } from '../test/app.ts';

/**
 * Staff roles on the back office (issue 27 point 2, DESIGN.md section 8 "Staff roles"). The table
 * below is the truth: every `/api/v1/admin` route (from the OpenAPI document Fastify builds from
 * every route's schema) with the STAFF_ACCESS area it belongs to. A new admin route without an
 * entry, a stale entry, or a route whose guard checks another area (an area removed or changed in
 * its `config.access`) fails here; then, for every role and route, the answer is 403 exactly when
 * `mayAccess(role, area)` says no (a 404, 422, 400 or 503 is fine where it says yes).
 */
const EXPECTED: Record<string, StaffArea> = {
  // resellers
  'GET /api/v1/admin/users': 'resellers.read',
  'GET /api/v1/admin/users/{id}': 'resellers.read',
  'PUT /api/v1/admin/users/{id}': 'resellers.write',
  'GET /api/v1/admin/users/{id}/devices': 'resellers.read',
  'GET /api/v1/admin/users/{id}/operations': 'resellers.read',
  'GET /api/v1/admin/users/{id}/summary': 'resellers.read',
  'GET /api/v1/admin/audit': 'audit',
  // money
  'GET /api/v1/admin/payments': 'money',
  'PUT /api/v1/admin/payments/{id}': 'money',
  'GET /api/v1/admin/withdraws': 'money',
  'PUT /api/v1/admin/withdraws/{id}': 'money',
  // the ledger of every reseller and the exports of the lists (issue 29), each in its list's area
  'GET /api/v1/admin/operations': 'money',
  'GET /api/v1/admin/orders/export': 'orders.read',
  'GET /api/v1/admin/operations/export': 'money',
  'GET /api/v1/admin/users/export': 'resellers.read',
  'GET /api/v1/admin/payments/export': 'money',
  'GET /api/v1/admin/withdraws/export': 'money',
  'GET /api/v1/admin/withdraws/payouts': 'money',
  'POST /api/v1/admin/users/{id}/corrections': 'money.corrections',
  // orders
  'GET /api/v1/admin/orders': 'orders.read',
  'POST /api/v1/admin/orders/tracking/run': 'orders.waybill',
  'GET /api/v1/admin/orders/stats': 'orders.read',
  'GET /api/v1/admin/orders/{id}/jobs': 'orders.reservation',
  'POST /api/v1/admin/orders/{id}/jobs/{jobId}/retry': 'orders.reservation',
  'GET /api/v1/admin/orders/{id}': 'orders.read',
  'POST /api/v1/admin/orders/{id}/status': 'orders.status',
  'POST /api/v1/admin/orders/{id}/payment': 'orders.payment',
  'PUT /api/v1/admin/orders/{id}/ttn': 'orders.waybill',
  'POST /api/v1/admin/orders/{id}/ttn': 'orders.waybill',
  // worklists and bulk actions (issue 28); a bulk action's own area (orders.status, orders.waybill, printing) is checked inside
  'GET /api/v1/admin/worklists': 'orders.read',
  'POST /api/v1/admin/orders/bulk': 'orders.read',
  // saved views of the lists (issue 29): any staff member, each their own
  'GET /api/v1/admin/views': 'orders.read',
  'POST /api/v1/admin/views': 'orders.read',
  'PUT /api/v1/admin/views/{id}': 'orders.read',
  'DELETE /api/v1/admin/views/{id}': 'orders.read',
  'POST /api/v1/admin/payments/bulk': 'money',
  'POST /api/v1/admin/withdraws/bulk': 'money',
  // printing (issue 28): order documents as PDF, the day's register, the supplier's requisites
  'GET /api/v1/admin/orders/{id}/print/{kind}': 'printing',
  'GET /api/v1/admin/orders/print/{kind}': 'printing',
  'GET /api/v1/admin/orders/print/register': 'printing',
  'GET /api/v1/admin/printing/requisites': 'printing',
  'PUT /api/v1/admin/printing/requisites': 'printing.requisites',
  // reports (issue 29): each as JSON and as a CSV/XLSX file
  'GET /api/v1/admin/reports/sales': 'reports',
  'GET /api/v1/admin/reports/sales/export': 'reports',
  'GET /api/v1/admin/reports/sales-by-reseller': 'reports',
  'GET /api/v1/admin/reports/sales-by-reseller/export': 'reports',
  'GET /api/v1/admin/reports/cod': 'reports',
  'GET /api/v1/admin/reports/cod/export': 'reports',
  'GET /api/v1/admin/reports/returns': 'reports',
  'GET /api/v1/admin/reports/returns/export': 'reports',
  'GET /api/v1/admin/reports/returns-by-reseller': 'reports',
  'GET /api/v1/admin/reports/returns-by-reseller/export': 'reports',
  'GET /api/v1/admin/reports/top-products': 'reports',
  'GET /api/v1/admin/reports/top-products/export': 'reports',
  // catalogue
  'GET /api/v1/admin/catalog/categories': 'catalog',
  'POST /api/v1/admin/catalog/categories': 'catalog',
  'PUT /api/v1/admin/catalog/categories/{id}': 'catalog',
  'PATCH /api/v1/admin/catalog/categories/{id}': 'catalog',
  'DELETE /api/v1/admin/catalog/categories/{id}': 'catalog',
  'POST /api/v1/admin/catalog/categories/{id}/image': 'catalog',
  'DELETE /api/v1/admin/catalog/categories/{id}/image': 'catalog',
  'POST /api/v1/admin/catalog/products': 'catalog',
  'POST /api/v1/admin/catalog/products/{id}/archive': 'catalog',
  'POST /api/v1/admin/catalog/products/{id}/unarchive': 'catalog',
  'GET /api/v1/admin/catalog/products': 'catalog',
  'POST /api/v1/admin/catalog/products/move': 'catalog',
  'GET /api/v1/admin/catalog/products/{id}': 'catalog',
  'PUT /api/v1/admin/catalog/products/{id}': 'catalog',
  'POST /api/v1/admin/catalog/products/{id}/images': 'catalog',
  'DELETE /api/v1/admin/catalog/products/{id}/images/{imageId}': 'catalog',
  'GET /api/v1/admin/catalog/properties': 'catalog',
  'GET /api/v1/admin/catalog/properties/{id}/values': 'catalog',
  // stock and bulk changes (issue 29)
  'GET /api/v1/admin/catalog/products/{id}/stock-history': 'catalog',
  'GET /api/v1/admin/catalog/low-stock': 'catalog',
  'POST /api/v1/admin/catalog/products/bulk-change/preview': 'catalog',
  'POST /api/v1/admin/catalog/products/bulk-change': 'catalog',
  // pictures stored before issue 30: their conversion into variants
  'GET /api/v1/admin/catalog/read-model': 'catalog',
  'GET /api/v1/admin/catalog/pictures/conversion': 'catalog',
  'POST /api/v1/admin/catalog/pictures/conversion': 'catalog',
  'POST /api/v1/admin/catalog/pictures/conversion/retry-failed': 'catalog',
  // content and the supplier's switches
  'GET /api/v1/admin/settings': 'content',
  'PUT /api/v1/admin/settings/{key}': 'content',
  'GET /api/v1/admin/supplier-settings': 'content',
  'PUT /api/v1/admin/supplier-settings': 'content',
  'POST /api/v1/admin/notifications/broadcast': 'content',
  // Nova Poshta sender
  'GET /api/v1/admin/novaposhta/sender': 'novaposhta',
  'PUT /api/v1/admin/novaposhta/sender': 'novaposhta.write',
  // staff
  'GET /api/v1/admin/staff': 'staff',
  'POST /api/v1/admin/staff': 'staff',
  'GET /api/v1/admin/staff/{id}': 'staff',
  'PUT /api/v1/admin/staff/{id}': 'staff',
  'POST /api/v1/admin/staff/{id}/invite': 'staff',
  // 1C exchange
  'POST /api/v1/admin/onec/imports': 'onec',
  'GET /api/v1/admin/onec/imports': 'onec',
  'GET /api/v1/admin/onec/imports/{id}': 'onec',
  'GET /api/v1/admin/onec/settings': 'onec',
  'PUT /api/v1/admin/onec/settings': 'onec.settings',
  'GET /api/v1/admin/onec/credentials': 'onec.credentials',
  'POST /api/v1/admin/onec/credentials': 'onec.credentials',
  'DELETE /api/v1/admin/onec/credentials': 'onec.credentials',
};

/**
 * The area the guard checked for the current request: requireStaff (plugins/auth.ts) asks
 * `mayAccess(role, req.routeOptions.config.access)` first thing; this records that first call.
 */
const guard = vi.hoisted(() => ({ area: undefined as string | undefined }));
vi.mock('@drop/shared', async (importOriginal) => {
  const shared = await importOriginal<typeof Shared>();
  return {
    ...shared,
    mayAccess: (role: Parameters<typeof shared.mayAccess>[0], area: StaffArea) => {
      guard.area ??= area;
      return shared.mayAccess(role, area);
    },
  };
});

let t: TestApp;
let routes: string[];
const tokens = {} as Record<StaffRole | 'reseller', string>;
/** A row no test has: the {id} routes answer 404 (or 422) and change nothing. */
const url = (path: string) =>
  path
    .replace('{jobId}', '00000000-0000-4000-8000-000000000000')
    .replace('{key}', 'no_such_key')
    .replace(/\{[^}]+\}/g, '999999');

beforeAll(async () => {
  t = await buildTestApp();
  const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(spec.paths)
    .filter(([path]) => path.startsWith('/api/v1/admin'))
    .flatMap(([path, byMethod]) => Object.keys(byMethod).map((method) => `${method.toUpperCase()} ${path}`));
  // One person per role, signed in as staff are (password, then the mailed code); the first admin is t.operator().
  tokens.admin = await t.operator();
  for (const role of ['manager', 'accountant', 'warehouse'] as const)
    tokens[role] = (await t.user({ role, name: `Працівник ${role}`, email: `${role}@staff.test` })).token;
  tokens.reseller = (await t.user({ isVerified: true })).token;
});
afterAll(() => t.close());

async function call(route: string, token: string) {
  const [method, path] = route.split(' ') as [string, string];
  guard.area = undefined;
  const r = await t.app.inject({ method: method as 'GET', url: url(path), headers: { authorization: `Bearer ${token}` } });
  // A 200 may be a file (CSV, XLSX, PDF): only a JSON answer carries a code.
  const json = String(r.headers['content-type'] ?? '').includes('json');
  return { status: r.statusCode, code: json ? (JSON.parse(r.body || '{}') as { code?: string }).code : undefined, area: guard.area };
}

describe('staff roles on every back-office route', () => {
  test('the expected table names every /api/v1/admin route, and only those', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !(r in EXPECTED)).map((r) => `${r}: no entry in EXPECTED (name its staff area)`)).toEqual([]);
    expect(Object.keys(EXPECTED).filter((r) => !routes.includes(r))).toEqual([]);
  });

  test("each route's guard checks the area the table names (config.access, or its plugin's)", async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const { area } = await call(route, tokens.admin);
      if (area !== EXPECTED[route]) wrong.push(`${route}: guard checks ${area ?? 'no area (admins only)'}, expected ${EXPECTED[route]}`);
    }
    expect(wrong).toEqual([]);
  });

  for (const role of STAFF_ROLES) {
    test(`${role}: 403 exactly where mayAccess(${role}, area) is false`, async () => {
      const wrong: string[] = [];
      let refused = 0;
      for (const route of routes) {
        const area = EXPECTED[route]!;
        const r = await call(route, tokens[role]);
        const allowed = mayAccess(role, area);
        if (!allowed) refused++;
        if (allowed && r.status === 403) wrong.push(`${route} (${area}): 403, expected access`);
        if (!allowed && (r.status !== 403 || r.code !== 'Forbidden')) wrong.push(`${route} (${area}): ${r.status} ${r.code ?? ''}, expected 403`);
        if (r.area !== area) wrong.push(`${route}: the guard checked ${r.area ?? 'no area'} for ${role}`);
      }
      expect(wrong).toEqual([]);
      // Admins are refused nothing; every other role something.
      if (role === 'admin') expect(refused).toBe(0);
      else expect(refused).toBeGreaterThan(5);
    });
  }

  test('a reseller gets 403 on every back-office route', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const r = await call(route, tokens.reseller);
      if (r.status !== 403) wrong.push(`${route}: ${r.status}`);
    }
    expect(wrong).toEqual([]);
  });

  test('what each role may do, in words (a spot check of the table)', () => {
    const may = (role: StaffRole) => Object.keys(EXPECTED).filter((r) => mayAccess(role, EXPECTED[r]!));
    expect(
      may('warehouse').filter(
        (r) =>
          !r.includes('/admin/orders') && !r.includes('/admin/views') && r !== 'GET /api/v1/admin/worklists' && r !== 'GET /api/v1/admin/printing/requisites',
      ),
    ).toEqual([]);
    expect(may('warehouse')).toContain('POST /api/v1/admin/orders/{id}/status');
    expect(may('warehouse')).not.toContain('POST /api/v1/admin/orders/{id}/payment');
    expect(may('accountant')).toEqual(
      expect.arrayContaining(['GET /api/v1/admin/payments', 'PUT /api/v1/admin/withdraws/{id}', 'POST /api/v1/admin/users/{id}/corrections']),
    );
    expect(may('accountant')).not.toContain('PUT /api/v1/admin/users/{id}');
    expect(may('manager')).not.toContain('GET /api/v1/admin/payments');
    expect(may('manager').filter((r) => r.includes('/staff') || r.includes('/credentials') || r.includes('/audit'))).toEqual([]);
  });
});
