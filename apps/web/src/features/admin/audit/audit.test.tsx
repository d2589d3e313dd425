import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SEARCH_DEBOUNCE_MS } from '@drop/shared';
import { i18n } from '../../../lib/i18n.ts';
import { auditEntry, page, renderAt, serve, setDesktop, user, type Call } from '../test-utils.tsx';
import { AuditPage } from './audit-page.tsx';

const auditCalls = (calls: Call[]) => calls.filter((c) => c.path === '/api/v1/admin/audit');
const last = (calls: Call[]) => Object.fromEntries(auditCalls(calls).at(-1)!.query);

function serveAudit() {
  return serve((c) => {
    if (c.path === '/api/v1/admin/audit')
      return page([
        auditEntry(3, { action: 'payment.approved', entity: 'payment', entity_id: 12, changes: { status: ['Pending', 'Approved'] } }),
        auditEntry(2, {
          actor: null,
          action: 'money.payment',
          entity: 'user',
          entity_id: 7,
          changes: { balance_kop: [125050, 275100], amount_kop: 150050 },
          created_at: '2025-07-01T21:30:00Z',
        }),
        auditEntry(1, {
          actor: { id: 4, name: 'Ірина Коваль', email: 'admin@example.com', role: 'admin' },
          action: 'onec.something_new',
          entity: 'onec',
          entity_id: null,
          changes: { blocked: [false, true] },
        }),
      ]);
    if (c.path === '/api/v1/admin/users')
      return page(c.query.get('search') === 'op@example.com' ? [user(3, { email: 'op@example.com', role: 'manager' })] : []);
    return undefined;
  });
}

describe('audit log', () => {
  afterEach(async () => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('uk'));
  });

  it('shows who, when (Kyiv), what and before -> after with kopecks as hryvnia', async () => {
    setDesktop(true);
    serveAudit();
    renderAt(<AuditPage />, '/admin/audit', '/admin/audit');
    const rows = await screen.findAllByTestId('audit-row');
    expect(within(rows[0]!).getByTestId('audit-what').textContent).toBe('Поповнення зараховано');
    // The actor's role in words beside the name.
    expect(within(rows[0]!).getByTestId('audit-who').textContent).toBe('Оператор ОленаМенеджерop@example.com');
    expect(within(rows[0]!).getByTestId('audit-who-role').textContent).toBe('Менеджер');
    expect(within(rows[2]!).getByTestId('audit-who-role').textContent).toBe('Адміністратор');
    expect(within(rows[0]!).getByTestId('audit-changes').textContent).toBe('Статус: На розгляді → Зараховано');
    expect(within(rows[0]!).getByTestId('audit-entity').textContent).toBe('Поповнення #12');
    expect(within(rows[1]!).getByTestId('audit-who').textContent).toBe('система');
    // 21:30 UTC on 1 July is 00:30 on 2 July in Kyiv (summer time).
    expect(within(rows[1]!).getByTestId('audit-when').textContent).toBe('02.07.2025 00:30');
    expect(within(rows[1]!).getByTestId('audit-changes').textContent).toBe('Баланс, грн: 1 250.50 → 2 751.00Сума, грн: 1 500.50');
    expect(within(rows[1]!).getByTestId('audit-entity').getAttribute('href')).toBe('/admin/users/7');
    // An action without a label shows as it is.
    expect(within(rows[2]!).getByTestId('audit-what').textContent).toBe('onec.something_new');
    expect(within(rows[2]!).getByTestId('audit-changes').textContent).toBe('Блокування: ні → так');
  });

  it('shows the labels in Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    serveAudit();
    renderAt(<AuditPage />, '/admin/audit', '/admin/audit');
    const rows = await screen.findAllByTestId('audit-row');
    expect(within(rows[0]!).getByTestId('audit-what').textContent).toBe('Пополнение зачислено');
    expect(within(rows[1]!).getByTestId('audit-who').textContent).toBe('система');
    expect(within(rows[0]!).getByTestId('audit-who-role').textContent).toBe('Менеджер');
    expect(within(rows[2]!).getByTestId('audit-who-role').textContent).toBe('Администратор');
  });

  it('sends the filters from the URL; the action prefix select; entity id only with an entity', async () => {
    const calls = serveAudit();
    renderAt(<AuditPage />, '/admin/audit?action=money.&entity=user&entity_id=7&date_from=2025-03-01&date_to=2025-03-31&page=2&actor=5', '/admin/audit');
    await screen.findAllByTestId('audit-row');
    expect(last(calls)).toEqual({
      page: '2',
      per_page: '20',
      action: 'money.',
      actor_id: '5',
      entity: 'user',
      entity_id: '7',
      date_from: '2025-03-01',
      date_to: '2025-03-31',
    });

    fireEvent.mouseDown(screen.getByTestId('audit-action'));
    fireEvent.click(await screen.findByRole('option', { name: 'Коригування балансу' }));
    await waitFor(() => expect(last(calls).action).toBe('balance.correction'));
    expect(last(calls).page).toBe('1');

    fireEvent.mouseDown(screen.getByTestId('audit-entity-select'));
    fireEvent.click(await screen.findByRole('option', { name: 'Усі' }));
    await waitFor(() => expect(last(calls).entity).toBeUndefined());
    expect(last(calls).entity_id).toBeUndefined();
  });

  it('resolves an actor e-mail to the id, and says when nobody has it', async () => {
    const calls = serveAudit();
    renderAt(<AuditPage />, '/admin/audit', '/admin/audit');
    await screen.findAllByTestId('audit-row');
    // Real timers: the lookup's answer must not wait on a faked clock.
    fireEvent.change(screen.getByTestId('audit-actor'), { target: { value: 'op@example.com' } });
    await waitFor(() => expect(last(calls).actor_id).toBe('3'), { timeout: SEARCH_DEBOUNCE_MS + 2000 });

    const asked = auditCalls(calls).length;
    fireEvent.change(screen.getByTestId('audit-actor'), { target: { value: 'ghost@example.com' } });
    expect(await screen.findByText('Користувача з таким e-mail не знайдено', {}, { timeout: SEARCH_DEBOUNCE_MS + 2000 })).toBeTruthy();
    expect(screen.getByTestId('admin-audit-page').getAttribute('data-state')).toBe('empty');
    // An unknown e-mail does not widen the search to everyone.
    expect(auditCalls(calls)).toHaveLength(asked);
  });

  it('does not ask with a reversed date range and says why', async () => {
    const calls = serveAudit();
    renderAt(<AuditPage />, '/admin/audit?date_from=2025-03-10&date_to=2025-03-01', '/admin/audit');
    expect(await screen.findByText('Дата «по» раніше за дату «з»')).toBeTruthy();
    expect(auditCalls(calls)).toEqual([]);
    fireEvent.click(screen.getByTestId('audit-reset'));
    await waitFor(() => expect(auditCalls(calls)).toHaveLength(1));
    expect(last(calls)).toEqual({ page: '1', per_page: '20' });
  });
});
