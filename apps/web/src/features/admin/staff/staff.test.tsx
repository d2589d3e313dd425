import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffDto } from '@drop/shared';
import { i18n } from '../../../lib/i18n.ts';
import { expectSameLocaleKeys } from '../../../test/locales.ts';
import { authKeys } from '../../../lib/user.ts';
import { page, renderAt, serve, setDesktop, type Call } from '../test-utils.tsx';
import StaffSection from './staff-section.tsx';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

const person = (id: number, over: Partial<StaffDto> = {}): StaffDto => ({
  id,
  email: `staff${id}@example.com`,
  name: `Працівник ${id}`,
  role: 'manager',
  lang: 'uk',
  blocked: false,
  password_set: true,
  last_seen_at: '2026-03-04T10:00:00Z',
  created_at: '2026-03-01T10:00:00Z',
  ...over,
});

const PEOPLE = [
  person(1, { name: 'Олена Адмін', role: 'admin' }),
  person(2, { name: 'Петро Склад', role: 'warehouse', password_set: false, last_seen_at: null }),
  person(3, { name: 'Ірина Бух', role: 'accountant', blocked: true }),
];

const listCalls = (calls: Call[]) => calls.filter((c) => c.path === '/api/v1/admin/staff' && c.method === 'GET');

/** A stateful fake of /admin/staff: POST with a taken e-mail answers 422 like the API. */
function serveStaff(initial = PEOPLE) {
  let people = [...initial];
  return serve((c) => {
    if (c.path === '/api/v1/admin/staff' && c.method === 'GET') return page(people);
    if (c.path === '/api/v1/admin/staff' && c.method === 'POST') {
      const b = c.body as { email: string; name: string; role: StaffDto['role'] };
      if (people.some((p) => p.email === b.email))
        return { status: 422, body: { message: 'Помилка перевірки даних', errors: { email: ['Цей e-mail вже зареєстровано'] } } };
      const created = person(10, { ...b, password_set: false, last_seen_at: null });
      people = [created, ...people];
      return { status: 201, body: { data: created } };
    }
    const m = /^\/api\/v1\/admin\/staff\/(\d+)(\/invite)?$/.exec(c.path);
    if (m && c.method === 'PUT') {
      people = people.map((p) => (p.id === Number(m[1]) ? { ...p, ...(c.body as object) } : p));
      return { data: people.find((p) => p.id === Number(m[1])) };
    }
    if (m?.[2] && c.method === 'POST') return { data: { sent: true } };
    return undefined;
  });
}

const rowOf = (id: number) => screen.getAllByTestId('staff-row').find((r) => r.getAttribute('data-staff-id') === String(id))!;

describe('admin staff', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('uk'));
  });

  it('locales: uk and ru have the same keys, none empty', () => {
    expectSameLocaleKeys(uk, ru);
  });

  it('lists people in a table with role, status and last seen in words; filters from the URL go to the API', async () => {
    setDesktop(true);
    const calls = serveStaff();
    renderAt(<StaffSection />, '/admin/staff?role=warehouse&search=Петро', '/admin/staff/*');
    const table = await screen.findByTestId('staff-table');
    const rows = within(table).getAllByTestId('staff-row');
    expect(rows.map((r) => within(r).getByTestId('staff-role').textContent)).toEqual(['Адміністратор', 'Склад', 'Бухгалтер']);
    expect(rows.map((r) => within(r).getByTestId('staff-status').textContent)).toEqual(['Активний', 'Запрошено', 'Заблоковано']);
    expect(within(rows[0]!).getByTestId('staff-last-seen').textContent).toBe('04.03.2026 12:00');
    expect(within(rows[1]!).getByTestId('staff-last-seen').textContent).toBe('Ще не входив');
    // A fresh invitation only for the invited person; the blocked one is unblocked, not blocked.
    expect(rows.map((r) => Boolean(within(r).queryByTestId('staff-invite')))).toEqual([false, true, false]);
    expect(within(rows[2]!).queryByTestId('staff-block')).toBeNull();
    expect(within(rows[2]!).getByTestId('staff-unblock')).toBeTruthy();
    expect(Object.fromEntries(listCalls(calls).at(-1)!.query)).toEqual({ page: '1', per_page: '20', role: 'warehouse', search: 'Петро' });

    fireEvent.mouseDown(screen.getByTestId('staff-role-filter'));
    fireEvent.click(await screen.findByRole('option', { name: 'Бухгалтер' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.get('role')).toBe('accountant'));
  });

  it('below 1280 px the list is cards; the signed-in admin cannot block themself', async () => {
    setDesktop(false);
    serveStaff();
    const { client } = renderAt(<StaffSection />, '/admin/staff', '/admin/staff/*');
    client.setQueryData(authKeys.user, { id: 1, role: 'admin' } as never);
    const cards = await screen.findByTestId('staff-cards');
    expect(within(cards).getAllByTestId('staff-row')).toHaveLength(3);
    await waitFor(() => expect(within(rowOf(1)).queryByTestId('staff-block')).toBeNull());
    expect(within(rowOf(1)).getByTestId('staff-edit')).toBeTruthy();
    expect(within(rowOf(2)).getByTestId('staff-block').textContent).toBe('Заблокувати');
    expect(within(rowOf(2)).getByTestId('staff-invite').textContent).toBe('Надіслати запрошення ще раз');
  });

  it('shows a skeleton while loading and an empty state with the add button when there is nobody', async () => {
    let answer: (v: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (answer = r))),
    );
    renderAt(<StaffSection />, '/admin/staff', '/admin/staff/*');
    expect(screen.getByTestId('staff-skeleton')).toBeTruthy();
    answer(new Response(JSON.stringify(page([])), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const empty = await screen.findByTestId('staff-empty');
    expect(empty.textContent).toContain('Працівників ще немає');
    expect(within(empty).getByTestId('staff-empty-add')).toBeTruthy();
  });

  it('adds a person: a taken e-mail shows the server error on the field, then a new one goes through', async () => {
    setDesktop(true);
    const calls = serveStaff();
    renderAt(<StaffSection />, '/admin/staff', '/admin/staff/*');
    await screen.findByTestId('staff-table');
    fireEvent.click(screen.getByTestId('staff-add'));
    const dialog = await screen.findByTestId('staff-form-dialog');
    expect(within(dialog).getByText('Новий працівник')).toBeTruthy();

    // A client check first: a one-letter name never reaches the API.
    fireEvent.change(within(dialog).getByTestId('staff-form-name'), { target: { value: 'С' } });
    fireEvent.change(within(dialog).getByTestId('staff-form-email'), { target: { value: 'staff2@example.com' } });
    fireEvent.click(within(dialog).getByTestId('staff-form-submit'));
    expect(await within(dialog).findByText('Мінімальна довжина: 2 символів')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByTestId('staff-form-name'), { target: { value: 'Степан Комірник' } });
    fireEvent.mouseDown(within(dialog).getByTestId('staff-form-role'));
    const option = await screen.findByTestId('staff-role-option-warehouse');
    expect(option.textContent).toContain('Пакування й відправлення замовлень, накладні');
    fireEvent.click(option);
    await waitFor(() => expect(within(dialog).getByTestId('staff-form-role-hint').textContent).toBe('Пакування й відправлення замовлень, накладні'));
    fireEvent.click(within(dialog).getByTestId('staff-form-submit'));
    await waitFor(() => expect(within(dialog).getByTestId('staff-form-email-error').textContent).toBe('Цей e-mail вже зареєстровано'));
    expect(screen.getByTestId('staff-form-dialog')).toBeTruthy();

    fireEvent.change(within(dialog).getByTestId('staff-form-email'), { target: { value: 'Stepan@Example.com' } });
    fireEvent.click(within(dialog).getByTestId('staff-form-submit'));
    await waitFor(() => expect(screen.queryByTestId('staff-form-dialog')).toBeNull());
    expect((await screen.findByTestId('toast')).textContent).toContain('Працівника додано, запрошення надіслано на stepan@example.com');
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      name: 'Степан Комірник',
      email: 'stepan@example.com',
      role: 'warehouse',
      lang: 'uk',
    });
    await waitFor(() => expect(rowOf(10)).toBeTruthy());
    expect(rowOf(10).getAttribute('data-status')).toBe('invited');
  });

  it('edits a person: only the changed fields are sent', async () => {
    setDesktop(true);
    const calls = serveStaff();
    renderAt(<StaffSection />, '/admin/staff', '/admin/staff/*');
    await screen.findByTestId('staff-table');
    fireEvent.click(within(rowOf(2)).getByTestId('staff-edit'));
    const dialog = await screen.findByTestId('staff-form-dialog');
    expect((within(dialog).getByTestId('staff-form-name') as HTMLInputElement).value).toBe('Петро Склад');
    expect(within(dialog).getByTestId('staff-form-role').textContent).toBe('Склад');
    fireEvent.mouseDown(within(dialog).getByTestId('staff-form-role'));
    fireEvent.click(await screen.findByTestId('staff-role-option-manager'));
    fireEvent.click(within(dialog).getByTestId('staff-form-submit'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/v1/admin/staff/2', body: { role: 'manager' } });
    expect((await screen.findByTestId('toast')).textContent).toBe('Зміни збережено');
  });

  it('blocks only after the confirmation (cancel sends nothing); a refusal is a toast with the reason', async () => {
    setDesktop(true);
    const calls = serveStaff();
    renderAt(<StaffSection />, '/admin/staff', '/admin/staff/*');
    await screen.findByTestId('staff-table');

    fireEvent.click(within(rowOf(2)).getByTestId('staff-block'));
    const dialog = await screen.findByTestId('staff-block-dialog');
    expect(dialog.textContent).toContain('Заблокувати працівника?');
    expect(dialog.textContent).toContain('Петро Склад (staff2@example.com) більше не зможе увійти');
    fireEvent.click(screen.getByTestId('staff-block-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('staff-block-dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.click(within(rowOf(2)).getByTestId('staff-block'));
    fireEvent.click(await screen.findByTestId('staff-block-dialog-confirm'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/v1/admin/staff/2', body: { blocked: true } });
    expect((await screen.findByTestId('toast')).textContent).toBe('Петро Склад заблоковано');
    await waitFor(() => expect(rowOf(2).getAttribute('data-status')).toBe('blocked'));

    // The last admin: the API's field error on `blocked` is the toast.
    serve((c) =>
      c.method === 'PUT'
        ? { status: 422, body: { message: 'Помилка перевірки даних', errors: { blocked: ['Має лишитися хоча б один активний адміністратор'] } } }
        : c.method === 'GET'
          ? page(PEOPLE)
          : undefined,
    );
    fireEvent.click(within(rowOf(1)).getByTestId('staff-block'));
    fireEvent.click(await screen.findByTestId('staff-block-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toBe('Має лишитися хоча б один активний адміністратор'));
  });

  it('sends an invited person a fresh invitation', async () => {
    setDesktop(true);
    const calls = serveStaff();
    renderAt(<StaffSection />, '/admin/staff', '/admin/staff/*');
    await screen.findByTestId('staff-table');
    fireEvent.click(within(rowOf(2)).getByTestId('staff-invite'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Запрошення надіслано ще раз на staff2@example.com');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/v1/admin/staff/2/invite' });
  });

  it('in ru the roles, statuses and their descriptions read in Russian', async () => {
    setDesktop(true);
    serveStaff();
    await act(() => i18n.changeLanguage('ru'));
    renderAt(<StaffSection />, '/admin/staff', '/admin/staff/*');
    const rows = within(await screen.findByTestId('staff-table')).getAllByTestId('staff-row');
    expect(rows.map((r) => within(r).getByTestId('staff-role').textContent)).toEqual(['Администратор', 'Склад', 'Бухгалтер']);
    expect(rows.map((r) => within(r).getByTestId('staff-status').textContent)).toEqual(['Активен', 'Приглашён', 'Заблокирован']);
    expect(within(rows[1]!).getByTestId('staff-last-seen').textContent).toBe('Ещё не входил');
    fireEvent.click(screen.getByTestId('staff-add'));
    fireEvent.mouseDown(within(await screen.findByTestId('staff-form-dialog')).getByTestId('staff-form-role'));
    expect((await screen.findByTestId('staff-role-option-accountant')).textContent).toBe('БухгалтерПополнения, выводы, корректировки баланса');
    expect(screen.getByTestId('staff-role-option-admin').textContent).toBe('АдминистраторВсё, включая сотрудников и доступ 1С');
  });
});
