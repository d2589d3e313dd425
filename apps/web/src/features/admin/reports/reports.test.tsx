import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expectSameLocaleKeys } from '../../../test/locales.ts';
import { i18n } from '../../../lib/i18n.ts';
import { renderAt, serve, setDesktop, type Call } from '../test-utils.tsx';
import { ADMIN_SECTIONS } from '../sections.tsx';
import { presetRange, rangeValid } from './api.ts';
import { ReportsPage, periodLabel } from './reports-page.tsx';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

// The charts are MUI X Charts (SVG measured in a real browser, seen in the e2e shots); here a stand-in shows the series given.
vi.mock('./report-charts.tsx', () => ({
  default: ({ labels, series }: { labels: string[]; series: { label: string; data: number[] }[] }) => (
    <div data-testid="chart-stub" data-labels={labels.join('|')}>
      {series.map((s) => `${s.label}: ${s.data.join(',')}`).join('; ')}
    </div>
  ),
}));

const range = { date_from: '2026-03-01', date_to: '2026-03-03', group: 'day' as const };
const SALES = {
  range,
  rows: [
    {
      period: '2026-03-01',
      date_from: '2026-03-01',
      date_to: '2026-03-01',
      orders: 2,
      sales: 1500.5,
      wholesale: 1000,
      profit: 500.5,
      canceled: 1,
      returned: 0,
    },
    { period: '2026-03-02', date_from: '2026-03-02', date_to: '2026-03-02', orders: 0, sales: 0, wholesale: 0, profit: 0, canceled: 0, returned: 0 },
    { period: '2026-03-03', date_from: '2026-03-03', date_to: '2026-03-03', orders: 1, sales: 12000, wholesale: 9000, profit: 3000, canceled: 0, returned: 1 },
  ],
  totals: { orders: 3, sales: 13500.5, wholesale: 10000, profit: 3500.5, canceled: 1, returned: 1 },
};
const BY_RESELLER = {
  range,
  rows: [
    { user_id: 7, name: 'Реселер Альфа', email: 'alpha@example.com', orders: 3, sales: 13500.5, wholesale: 10000, profit: 3500.5, canceled: 1, returned: 1 },
  ],
  totals: SALES.totals,
  resellers: 1,
};
const EMPTY_COD = {
  range,
  rows: SALES.rows.map((r) => ({
    period: r.period,
    date_from: r.date_from,
    date_to: r.date_to,
    orders: 0,
    expected: 0,
    received: 0,
    refused: 0,
    outstanding: 0,
  })),
  totals: { orders: 0, expected: 0, received: 0, refused: 0, outstanding: 0 },
};

function serveReports() {
  return serve((c: Call) => {
    if (c.path === '/api/v1/admin/reports/sales') return { data: SALES };
    if (c.path === '/api/v1/admin/reports/sales-by-reseller') return { data: BY_RESELLER };
    if (c.path === '/api/v1/admin/reports/cod') return { data: EMPTY_COD };
    return undefined;
  });
}

describe('reports section', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('uk'));
  });

  it('locales: uk and ru have the same keys, none empty; the section is in the navigation for the reports area', () => {
    expectSameLocaleKeys(uk, ru);
    expect(ADMIN_SECTIONS.find((s) => s.path === 'reports')).toMatchObject({ access: 'reports', labelKey: 'nav.reports' });
  });

  it('periods: this month to today, last month across a year, the last 30 days, custom; at most 366 days', () => {
    expect(presetRange('month', '2026-03-17')).toEqual({ date_from: '2026-03-01', date_to: '2026-03-17' });
    expect(presetRange('lastMonth', '2026-01-10')).toEqual({ date_from: '2025-12-01', date_to: '2025-12-31' });
    expect(presetRange('lastMonth', '2024-03-31')).toEqual({ date_from: '2024-02-01', date_to: '2024-02-29' });
    expect(presetRange('days30', '2026-03-10')).toEqual({ date_from: '2026-02-09', date_to: '2026-03-10' });
    expect(presetRange('custom', '2026-03-10', { from: '2026-01-05', to: '2026-02-01' })).toEqual({ date_from: '2026-01-05', date_to: '2026-02-01' });
    expect(rangeValid({ date_from: '2025-01-01', date_to: '2026-01-01' })).toBe(true);
    expect(rangeValid({ date_from: '2025-01-01', date_to: '2026-01-02' })).toBe(false);
    expect(rangeValid({ date_from: '2026-03-02', date_to: '2026-03-01' })).toBe(false);
    expect(periodLabel({ period: '2026-02-23', date_from: '2026-03-01', date_to: '2026-03-01' }, 'week')).toBe('01.03');
    expect(periodLabel({ period: '2026-03-02', date_from: '2026-03-02', date_to: '2026-03-08' }, 'week')).toBe('02.03–08.03');
    expect(periodLabel({ period: '2026-03-05', date_from: '2026-03-05', date_to: '2026-03-05' }, 'day')).toBe('05.03.2026');
  });

  it('sales: asks for the period and grouping in the URL, shows the rows, the totals and the chart', async () => {
    setDesktop(true);
    const calls = serveReports();
    renderAt(<ReportsPage today="2026-03-17" />, '/admin/reports?period=custom&from=2026-03-01&to=2026-03-03&group=week', '/admin/reports');
    const card = await screen.findByTestId('report-sales');
    await waitFor(() => expect(card.getAttribute('data-state')).toBe('ready'));
    const call = calls.find((c) => c.path === '/api/v1/admin/reports/sales')!;
    expect(Object.fromEntries(call.query)).toEqual({ date_from: '2026-03-01', date_to: '2026-03-03', group: 'week' });
    const rows = within(card).getAllByTestId('report-sales-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('1 500.50')).toBeTruthy();
    const total = within(card).getByTestId('report-sales-total');
    expect(total.textContent).toContain('Разом');
    expect(total.textContent).toContain('13 500.50');
    expect(total.textContent).toContain('3 500.50');
    expect((await within(card).findByTestId('chart-stub')).textContent).toContain('Продажі: 1500.5,0,12000');
  });

  it('resellers: each row links to the reseller; an empty report says so; a bad custom range asks nothing', async () => {
    setDesktop(false);
    const calls = serveReports();
    renderAt(<ReportsPage today="2026-03-17" />, '/admin/reports?tab=resellers', '/admin/reports');
    const link = await screen.findByTestId('reseller-link');
    expect(link.getAttribute('href')).toBe('/admin/users/7');
    expect(link.textContent).toBe('Реселер Альфа');
    expect(screen.getByTestId('reports-resellers-count').textContent).toContain('1');
    expect(Object.fromEntries(calls.find((c) => c.path === '/api/v1/admin/reports/sales-by-reseller')!.query)).toMatchObject({
      date_from: '2026-03-01',
      date_to: '2026-03-17',
      limit: '20',
    });

    fireEvent.click(screen.getByTestId('reports-tab-cod'));
    const cod = await screen.findByTestId('report-cod');
    await waitFor(() => expect(cod.getAttribute('data-state')).toBe('empty'));
    expect(within(cod).getByText('За цей період немає замовлень')).toBeTruthy();
  });

  it('an impossible custom range shows the rule and makes no request', async () => {
    const calls = serveReports();
    renderAt(<ReportsPage today="2026-03-17" />, '/admin/reports?period=custom&from=2026-03-10&to=2026-03-01', '/admin/reports');
    expect((await screen.findByTestId('reports-range-error')).textContent).toContain('366');
    expect(screen.getByTestId('reports-page').getAttribute('data-state')).toBe('invalid');
    expect(calls.filter((c) => c.path.startsWith('/api/v1/admin/reports'))).toHaveLength(0);
  });

  it('export: CSV downloads /export with the report query', async () => {
    const calls = serveReports();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => undefined }));
    renderAt(<ReportsPage today="2026-03-17" />, '/admin/reports?period=lastMonth&group=month', '/admin/reports');
    await waitFor(() => expect(screen.getByTestId('report-sales').getAttribute('data-state')).toBe('ready'));
    fireEvent.click(screen.getByTestId('report-sales-export'));
    fireEvent.click(await screen.findByTestId('report-sales-export-csv'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/admin/reports/sales/export')).toBe(true));
    const exp = calls.find((c) => c.path === '/api/v1/admin/reports/sales/export')!;
    expect(Object.fromEntries(exp.query)).toEqual({ format: 'csv', date_from: '2026-02-01', date_to: '2026-02-28', group: 'month' });
  });

  it('Russian texts', async () => {
    await act(() => i18n.changeLanguage('ru'));
    serveReports();
    renderAt(<ReportsPage today="2026-03-17" />, '/admin/reports', '/admin/reports');
    expect(await screen.findByRole('heading', { name: 'Отчёты' })).toBeTruthy();
    expect(await screen.findByText('Продажи, опт и прибыль за период')).toBeTruthy();
  });
});
