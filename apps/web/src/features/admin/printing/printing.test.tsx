import { dayToText } from '../../../components/ui/date-field.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expectSameLocaleKeys } from '../../../test/locales.ts';
import { i18n } from '../../../lib/i18n.ts';
import { renderAt, serve, setDesktop, type Call } from '../test-utils.tsx';
import { kyivToday } from './printing-page.tsx';
import { parseOrderNumbers } from './api.ts';
import PrintingSection from './printing-section.tsx';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

const REQUISITES = {
  name: 'ФОП Іваненко І. І.',
  code: '1234567890',
  iban: 'UA213223130000026007233566001',
  bank: 'АТ КБ «ПриватБанк»',
  address: 'м. Київ, вул. Хрещатик, 1',
  phone: '+380671234567',
  tax_note: 'Не є платником ПДВ',
};

/** window.open stub: the tab the page opens at the click, and where it was sent. */
function stubTabs() {
  const tabs: { location: { href: string }; close: () => void; closed: boolean }[] = [];
  vi.stubGlobal('open', () => {
    const tab = { location: { href: '' }, closed: false, close: () => (tab.closed = true) };
    tabs.push(tab);
    return tab;
  });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => undefined }));
  return tabs;
}

function servePrinting(over: { requisites?: typeof REQUISITES | null; put?: (c: Call) => unknown; print?: (c: Call) => unknown } = {}) {
  const orders = [
    { id: 15, number: '100015' },
    { id: 16, number: '100016' },
    // A phone that contains the other number: the search matches it, the page must not take it.
    { id: 40, number: '100040', phone: '+380671000170' },
  ];
  return serve((c) => {
    if (c.path === '/api/v1/admin/printing/requisites' && c.method === 'GET') return { data: over.requisites === undefined ? REQUISITES : over.requisites };
    if (c.path === '/api/v1/admin/printing/requisites' && c.method === 'PUT') return over.put ? over.put(c) : { data: c.body };
    if (c.path === '/api/v1/admin/orders') {
      const q = c.query.get('search') ?? '';
      return {
        data: orders.filter((o) => o.number === q || (o.phone ?? '').includes(q)),
        meta: { current_page: 1, per_page: 10, total: 1, last_page: 1 },
        pagination: { last_page: 1 },
      };
    }
    if (c.path.startsWith('/api/v1/admin/orders/print/')) return over.print ? over.print(c) : {};
    return undefined;
  });
}

describe('printing section', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('uk'));
  });

  it('locales: uk and ru have the same keys, none empty', () => {
    expectSameLocaleKeys(uk, ru);
  });

  it('today is the Kyiv date (a UTC evening is already tomorrow in Kyiv)', () => {
    expect(kyivToday(new Date('2026-03-04T22:30:00Z'))).toBe('2026-03-05');
    expect(kyivToday(new Date('2026-03-04T10:00:00Z'))).toBe('2026-03-04');
  });

  it('reads order numbers typed any way, and says what is not a number', () => {
    expect(parseOrderNumbers(' 100015, 100016;#100017\n№100018 100015 ')).toEqual({ numbers: ['100015', '100016', '100017', '100018'], invalid: [] });
    expect(parseOrderNumbers('100015, abc, 12-3').invalid).toEqual(['abc', '12-3']);
  });

  it('makes the day register for the chosen date and opens the PDF in a new tab', async () => {
    setDesktop(true);
    const tabs = stubTabs();
    const calls = servePrinting();
    renderAt(<PrintingSection />, '/admin/printing', '/admin/printing/*', 'warehouse');
    const date = await screen.findByTestId<HTMLInputElement>('print-register-date');
    expect(date.value).toBe(dayToText(kyivToday()));
    fireEvent.input(date, { target: { value: '05.03.2026' } });
    fireEvent.click(screen.getByTestId('print-register-submit'));
    await waitFor(() => expect(tabs[0]?.location.href).toBe('blob:pdf'));
    const call = calls.find((c) => c.path === '/api/v1/admin/orders/print/register')!;
    expect(call.query.get('date')).toBe('2026-03-05');
  });

  it('a refused register closes the tab and shows the reason', async () => {
    const tabs = stubTabs();
    servePrinting({ print: () => ({ status: 422, body: { message: 'Дата поза межами', code: 'ValidationError' } }) });
    renderAt(<PrintingSection />, '/admin/printing', '/admin/printing/*', 'warehouse');
    fireEvent.click(await screen.findByTestId('print-register-submit'));
    expect((await screen.findByTestId('print-register-error')).textContent).toBe('Дата поза межами');
    expect(tabs[0]!.closed).toBe(true);
  });

  it('prints chosen orders by their numbers: numbers become ids, one PDF of the chosen kind', async () => {
    const tabs = stubTabs();
    const calls = servePrinting();
    renderAt(<PrintingSection />, '/admin/printing', '/admin/printing/*', 'warehouse');
    fireEvent.change(await screen.findByTestId('print-numbers'), { target: { value: '100016, 100015 100017' } });
    fireEvent.mouseDown(screen.getByTestId('print-kind'));
    fireEvent.click(await screen.findByTestId('print-kind-option-marking'));
    fireEvent.click(screen.getByTestId('print-numbers-submit'));
    // 100017 is no order's number (the phone match is not taken): nothing is printed.
    expect((await screen.findByTestId('print-numbers-help')).textContent).toBe('Не знайдено замовлень з номерами: 100017');
    expect(calls.some((c) => c.path.startsWith('/api/v1/admin/orders/print/'))).toBe(false);
    // The tab opened at the click closes again.
    expect(tabs.map((t) => t.closed)).toEqual([true]);
    fireEvent.change(screen.getByTestId('print-numbers'), { target: { value: '100016, 100015' } });
    fireEvent.click(screen.getByTestId('print-numbers-submit'));
    await waitFor(() => expect(tabs[1]?.location.href).toBe('blob:pdf'));
    const call = calls.find((c) => c.path.startsWith('/api/v1/admin/orders/print/'))!;
    expect(call.path).toBe('/api/v1/admin/orders/print/marking');
    expect(call.query.get('ids')).toBe('16,15');
  });

  it('a blocked popup: the PDF is offered as a link', async () => {
    stubTabs();
    vi.stubGlobal('open', () => null);
    servePrinting();
    renderAt(<PrintingSection />, '/admin/printing', '/admin/printing/*', 'warehouse');
    fireEvent.click(await screen.findByTestId('print-register-submit'));
    expect((await screen.findByTestId('print-blocked-link')).getAttribute('href')).toBe('blob:pdf');
  });

  it('asks for numbers and refuses what is not one', async () => {
    servePrinting();
    renderAt(<PrintingSection />, '/admin/printing', '/admin/printing/*', 'warehouse');
    fireEvent.click(await screen.findByTestId('print-numbers-submit'));
    expect((await screen.findByTestId('print-numbers-help')).textContent).toBe('Вкажіть хоча б один номер замовлення');
    fireEvent.change(screen.getByTestId('print-numbers'), { target: { value: '100015 abc' } });
    fireEvent.click(screen.getByTestId('print-numbers-submit'));
    expect((await screen.findByTestId('print-numbers-help')).textContent).toBe('Це не номери замовлень: abc');
  });

  it('invoices without requisites: a warning under the kind', async () => {
    servePrinting({ requisites: null });
    renderAt(<PrintingSection />, '/admin/printing', '/admin/printing/*', 'accountant');
    expect(await screen.findByTestId('requisites-empty')).toBeTruthy();
    expect(screen.queryByTestId('print-invoice-warning')).toBeNull();
    fireEvent.mouseDown(screen.getByTestId('print-kind'));
    fireEvent.click(await screen.findByTestId('print-kind-option-invoice'));
    expect(await screen.findByTestId('print-invoice-warning')).toBeTruthy();
  });

  it('an accountant saves the requisites; the server 422 lands on its field', async () => {
    let fail = true;
    const calls = servePrinting({
      requisites: null,
      put: (c) =>
        fail ? { status: 422, body: { message: 'Помилка перевірки', code: 'ValidationError', errors: { iban: ['IBAN не підходить'] } } } : { data: c.body },
    });
    renderAt(<PrintingSection />, '/admin/printing', '/admin/printing/*', 'accountant');
    const fill = (f: string, v: string) => fireEvent.change(screen.getByTestId(`requisites-${f}`), { target: { value: v } });
    await screen.findByTestId('requisites-name');
    // Client checks first: a wrong IBAN check sum and code never reach the API.
    fill('name', REQUISITES.name);
    fill('code', '123');
    fill('iban', 'UA213223130000026007233566002');
    fill('bank', REQUISITES.bank);
    fill('address', REQUISITES.address);
    fireEvent.click(screen.getByTestId('requisites-save'));
    expect((await screen.findByTestId('requisites-iban-help')).textContent).toBe('Перевірте IBAN: UA і 27 цифр з правильною контрольною сумою');
    expect(screen.getByTestId('requisites-code-help').textContent).toBe('Вкажіть 8 цифр ЄДРПОУ або 10 цифр РНОКПП');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fill('code', REQUISITES.code);
    fill('iban', 'ua21 3223 1300 0002 6007 2335 6600 1');
    fireEvent.click(screen.getByTestId('requisites-save'));
    expect(await screen.findByText('IBAN не підходить')).toBeTruthy();
    const put = calls.filter((c) => c.method === 'PUT');
    // The IBAN goes without spaces, upper case (the contract's transform).
    expect(put[0]!.body).toEqual({ ...REQUISITES, phone: '', tax_note: '' });
    fail = false;
    fireEvent.click(screen.getByTestId('requisites-save'));
    expect((await screen.findByTestId('toast')).textContent).toContain('Реквізити збережено');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
  });

  it('a warehouse person sees the requisites read-only, with no save', async () => {
    servePrinting();
    renderAt(<PrintingSection />, '/admin/printing', '/admin/printing/*', 'warehouse');
    const iban = await screen.findByTestId<HTMLInputElement>('requisites-iban');
    expect(iban.value).toBe(REQUISITES.iban);
    expect(iban.readOnly).toBe(true);
    expect(screen.getByTestId('requisites-readonly').textContent).toBe('Змінювати реквізити можуть адміністратор і бухгалтер.');
    expect(screen.queryByTestId('requisites-save')).toBeNull();
    expect(within(screen.getByTestId('requisites-card')).queryByRole('button', { name: 'Зберегти' })).toBeNull();
  });

  it('speaks Russian', async () => {
    await act(() => i18n.changeLanguage('ru'));
    servePrinting();
    renderAt(<PrintingSection />, '/admin/printing', '/admin/printing/*', 'admin');
    expect(await screen.findByRole('button', { name: 'Сформировать реестр' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Реквизиты поставщика' })).toBeTruthy();
    expect(await screen.findByTestId('requisites-save')).toBeTruthy();
  });
});
