import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PaymentDto } from '@drop/shared';
import { locationOf, page, renderAt, serve, setDesktop, user, type Call } from '../test-utils.tsx';
import { MoneyPage } from './money-page.tsx';
import { walkKey } from './receipt-walk.tsx';

const payment = (id: number, over: Partial<PaymentDto> = {}) => ({
  id,
  amount: 1500.5,
  status: 'Pending' as const,
  comment: 'ПриватБанк',
  decline_reason: null,
  credited_amount: null as number | null,
  credit_reason: null as string | null,
  document: {
    id: 40 + id,
    name: `receipt-${id}.png`,
    mime: 'image/png',
    size: 2048,
    url: `/api/v1/media-files/${40 + id}/file`,
    created_at: '2025-03-04T10:00:00Z',
  },
  created_at: '2025-03-04T10:00:00Z',
  processed_at: null,
  user_id: 7,
  ...over,
});
const withdraw = (id: number) => ({
  id,
  requisites: '4149 **** **** 1234',
  card_number: '4149499999991234',
  amount: 400,
  status: 'New' as const,
  decline_reason: null,
  created_at: '2025-03-04T10:00:00Z',
  paid_at: null,
  user_id: 7,
});

/** The queues (decisions change them); `more` answers first (e.g. a bulk action). */
function serveMoney(extra: ReturnType<typeof payment>[] = [], more?: (c: Call) => unknown) {
  const queue = {
    payments: [
      ...extra,
      payment(1),
      payment(2, {
        document: { id: 50, name: 'scan.pdf', mime: 'application/pdf', size: 1000, url: '/api/v1/media-files/50/file', created_at: '2025-03-04T10:00:00Z' },
      }),
    ],
    withdraws: [withdraw(5)],
  };
  const calls = serve((c) => {
    const answer = more?.(c);
    if (answer !== undefined) return answer;
    if (c.path === '/api/v1/admin/payments') return page(queue.payments.filter((p) => !c.query.get('status') || p.status === c.query.get('status')));
    if (c.path === '/api/v1/admin/withdraws') return page(queue.withdraws.filter((w) => !c.query.get('status') || w.status === c.query.get('status')));
    const pay = /^\/api\/v1\/admin\/payments\/(\d+)$/.exec(c.path);
    if (pay && c.method === 'PUT') {
      const p = queue.payments.find((x) => x.id === Number(pay[1]))!;
      const body = c.body as { status: string; amount?: number; reason?: string };
      Object.assign(p, { status: body.status, ...(body.amount !== undefined ? { credited_amount: body.amount, credit_reason: body.reason } : {}) });
      return { data: p };
    }
    const w = /^\/api\/v1\/admin\/withdraws\/(\d+)$/.exec(c.path);
    if (w && c.method === 'PUT') {
      const item = queue.withdraws.find((x) => x.id === Number(w[1]))!;
      Object.assign(item, { status: (c.body as { status: string }).status });
      return { data: item };
    }
    if (c.path === '/api/v1/admin/users/7') return { data: { ...user(7, { name: 'Ірина Мельник' }), audit: [] } };
    if (c.path.startsWith('/api/v1/media-files/')) return {};
    return undefined;
  });
  return calls;
}
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT');

describe('money queues', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists pending top-ups by default with the receipt, the reseller and the amount', async () => {
    setDesktop(true);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:receipt', revokeObjectURL: () => undefined }));
    const calls = serveMoney();
    renderAt(<MoneyPage />, '/admin/money', '/admin/money');
    const rows = await screen.findAllByTestId('money-row');
    expect(rows).toHaveLength(2);
    expect(calls.find((c) => c.path === '/api/v1/admin/payments')!.query.get('status')).toBe('Pending');
    expect(within(rows[0]!).getByTestId('money-amount').textContent).toBe('1 500.50');
    expect(await within(rows[0]!).findByText('Ірина Мельник')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('reseller-link').getAttribute('href')).toBe('/admin/users/7');
    // The image receipt is fetched with the token and shown as a thumbnail; the PDF only when opened.
    expect((await within(rows[0]!).findByTestId('receipt-thumb')).getAttribute('src')).toBe('blob:receipt');
    expect(calls.some((c) => c.path === '/api/v1/media-files/41/file')).toBe(true);
    expect(calls.some((c) => c.path === '/api/v1/media-files/50/file')).toBe(false);
    fireEvent.click(within(rows[1]!).getByTestId('receipt-open'));
    expect(await screen.findByTestId('receipt-pdf')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/media-files/50/file')).toBe(true);
  });

  it('approves a top-up after a confirmation and the queue reloads', async () => {
    const calls = serveMoney();
    renderAt(<MoneyPage />, '/admin/money', '/admin/money');
    const row = (await screen.findAllByTestId('money-row'))[0]!;
    fireEvent.click(within(row).getByTestId('money-approve'));
    const dialog = await screen.findByTestId('approve-dialog');
    expect(dialog.textContent).toContain('1 500.50 грн');
    fireEvent.click(within(dialog).getByTestId('approve-dialog-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('money-row')).toHaveLength(1));
    expect(puts(calls)).toEqual([expect.objectContaining({ path: '/api/v1/admin/payments/1', body: { status: 'Approved' } })]);
    expect(puts(calls)[0]!.idempotencyKey).toMatch(/^[\x20-\x7e]{8,255}$/);
    expect((await screen.findByTestId('toast')).textContent).toContain('Поповнення зараховано');
  });

  it('the receipt dialog shows the claimed amount and decides from there: the claim at once, another amount, or decline', async () => {
    setDesktop(true);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:receipt', revokeObjectURL: () => undefined }));
    const calls = serveMoney();
    renderAt(<MoneyPage />, '/admin/money', '/admin/money');
    const row = (await screen.findAllByTestId('money-row'))[0]!;
    fireEvent.click(within(row).getByTestId('receipt-open'));
    let receipt = await screen.findByTestId('receipt-dialog');
    expect(within(receipt).getByTestId('receipt-claimed').textContent).toBe('Заявлена сума: 1 500.50 грн');
    // Another amount: the approve dialog with the amount field, over the receipt.
    fireEvent.click(within(receipt).getByTestId('receipt-other'));
    const approve = await screen.findByTestId('approve-dialog');
    expect(within(approve).getByTestId<HTMLInputElement>('approve-dialog-amount').value).toBe('1500.50');
    fireEvent.click(within(approve).getByTestId('approve-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('approve-dialog')).toBeNull());
    // The claim at once: no second dialog, and the walk goes on to the next one.
    fireEvent.click(within(receipt).getByTestId('receipt-approve'));
    await waitFor(() => expect(puts(calls)).toEqual([expect.objectContaining({ path: '/api/v1/admin/payments/1', body: { status: 'Approved' } })]));
    await waitFor(() => expect(screen.getByTestId('receipt-dialog').dataset.id).toBe('2'));
    expect(screen.queryByTestId('approve-dialog')).toBeNull();
    receipt = screen.getByTestId('receipt-dialog');
    fireEvent.click(within(receipt).getByTestId('receipt-decline'));
    expect(await screen.findByTestId('decline-dialog')).toBeTruthy();
  });

  it('approves another amount than claimed only with a reason, and sends the amount (issue 27 p.1)', async () => {
    const calls = serveMoney();
    renderAt(<MoneyPage />, '/admin/money', '/admin/money');
    const row = (await screen.findAllByTestId('money-row'))[0]!;
    fireEvent.click(within(row).getByTestId('money-approve'));
    const dialog = await screen.findByTestId('approve-dialog');
    const amount = within(dialog).getByTestId<HTMLInputElement>('approve-dialog-amount');
    // Pre-filled with the claim; no reason asked while it is the claim.
    expect(amount.value).toBe('1500.50');
    expect(within(dialog).queryByTestId('approve-dialog-reason')).toBeNull();
    expect(await within(dialog).findByText('Ірина Мельник', { exact: false })).toBeTruthy();
    // Another amount: the text says what will be credited and a reason is required.
    fireEvent.change(amount, { target: { value: '1 200,1' } });
    expect(within(dialog).getByTestId('approve-dialog-text').textContent).toBe('1 200.10 грн буде зараховано на баланс реселера Ірина Мельник.');
    expect(within(dialog).getByTestId('approve-dialog-other').textContent).toBe(
      'Буде зараховано 1 200.10 грн замість заявлених 1 500.50 грн. Вкажіть причину: реселер її побачить',
    );
    fireEvent.click(within(dialog).getByTestId('approve-dialog-confirm'));
    expect(await within(dialog).findByText('Вкажіть причину')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
    fireEvent.change(within(dialog).getByTestId('approve-dialog-reason'), { target: { value: 'Надійшло 1200.10' } });
    fireEvent.click(within(dialog).getByTestId('approve-dialog-confirm'));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({ path: '/api/v1/admin/payments/1', body: { status: 'Approved', amount: 1200.1, reason: 'Надійшло 1200.10' } });
    await waitFor(() => expect(screen.getAllByTestId('money-row')).toHaveLength(1));
  });

  it('the amount to credit must be an amount: above 0, whole kopecks, at most the top-up maximum', async () => {
    const calls = serveMoney();
    renderAt(<MoneyPage />, '/admin/money', '/admin/money');
    fireEvent.click(within((await screen.findAllByTestId('money-row'))[0]!).getByTestId('money-approve'));
    const dialog = await screen.findByTestId('approve-dialog');
    const amount = within(dialog).getByTestId<HTMLInputElement>('approve-dialog-amount');
    // Not amounts: nothing is sent.
    const bads: [string, string][] = [
      ['0', 'Сума має бути більше 0'],
      ['12.345', 'Вкажіть суму, наприклад 1500.50 (не більше 2 знаків після коми)'],
      [',', 'Вкажіть суму, наприклад 1500.50 (не більше 2 знаків після коми)'],
      ['', 'Вкажіть суму, наприклад 1500.50 (не більше 2 знаків після коми)'],
      ['2000000', 'Не більше 1 000 000.00 грн'],
    ];
    for (const [bad, message] of bads) {
      fireEvent.change(amount, { target: { value: bad } });
      fireEvent.click(within(dialog).getByTestId('approve-dialog-confirm'));
      expect(await within(dialog).findByText(message), bad).toBeTruthy();
    }
    expect(puts(calls)).toEqual([]);
  });

  it('back to the claim: no reason, no amount sent', async () => {
    const calls = serveMoney();
    renderAt(<MoneyPage />, '/admin/money', '/admin/money');
    fireEvent.click(within((await screen.findAllByTestId('money-row'))[0]!).getByTestId('money-approve'));
    const dialog = await screen.findByTestId('approve-dialog');
    const amount = within(dialog).getByTestId<HTMLInputElement>('approve-dialog-amount');
    fireEvent.change(amount, { target: { value: '100' } });
    expect(within(dialog).getByTestId('approve-dialog-reason')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '1500.5' } });
    expect(within(dialog).queryByTestId('approve-dialog-reason')).toBeNull();
    expect(within(dialog).queryByTestId('approve-dialog-other')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('approve-dialog-confirm'));
    await waitFor(() => expect(puts(calls)).toEqual([expect.objectContaining({ body: { status: 'Approved' } })]));
  });

  it('a top-up credited with another amount reads "зараховано X з Y" with the reason, in the list and the receipt', async () => {
    setDesktop(true);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:receipt', revokeObjectURL: () => undefined }));
    serveMoney([
      payment(9, { status: 'Approved', credited_amount: 1200.1, credit_reason: 'Надійшло менше', processed_at: '2025-03-05T10:00:00Z' }),
      payment(8, { status: 'Approved', processed_at: '2025-03-05T10:00:00Z' }),
    ]);
    renderAt(<MoneyPage />, '/admin/money?status=all', '/admin/money');
    const rows = await screen.findAllByTestId('money-row');
    const other = rows.find((r) => r.dataset.id === '9')!;
    const plain = rows.find((r) => r.dataset.id === '8')!;
    expect(within(other).getByTestId('money-credited').textContent).toBe('зараховано 1 200.10 з 1 500.50Причина: Надійшло менше');
    expect(within(plain).queryByTestId('money-credited')).toBeNull();
    fireEvent.click(within(other).getByTestId('receipt-open'));
    let receipt = await screen.findByTestId('receipt-dialog');
    expect(within(receipt).getByTestId('receipt-claimed').textContent).toBe('Заявлена сума: 1 500.50 грн');
    expect(within(receipt).getByTestId('receipt-credited').textContent).toBe('Зараховано: 1 200.10 грнПричина: Надійшло менше');
    expect(within(receipt).queryByTestId('receipt-approve')).toBeNull();
    fireEvent.keyDown(receipt, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('receipt-dialog')).toBeNull());
    fireEvent.click(within(plain).getByTestId('receipt-open'));
    receipt = await screen.findByTestId('receipt-dialog');
    expect(within(receipt).getByTestId('receipt-credited').textContent).toBe('Зараховано: 1 500.50 грн');
  });

  it('declines a top-up only with a reason', async () => {
    const calls = serveMoney();
    renderAt(<MoneyPage />, '/admin/money', '/admin/money');
    const row = (await screen.findAllByTestId('money-row'))[1]!;
    fireEvent.click(within(row).getByTestId('money-decline'));
    const dialog = await screen.findByTestId('decline-dialog');
    // The dismiss is "Назад", never a "Скасувати" beside "Відхилити".
    expect(within(dialog).getByTestId('decline-dialog-cancel').textContent).toBe('Назад');
    fireEvent.click(within(dialog).getByTestId('decline-dialog-confirm'));
    expect(await within(dialog).findByText('Вкажіть причину')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('decline-dialog-reason'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByTestId('decline-dialog-confirm'));
    expect(puts(calls)).toEqual([]);
    fireEvent.change(within(dialog).getByTestId('decline-dialog-reason'), { target: { value: 'Сума не збігається' } });
    fireEvent.click(within(dialog).getByTestId('decline-dialog-confirm'));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({ path: '/api/v1/admin/payments/2', body: { status: 'Declined', reason: 'Сума не збігається' } });
  });

  it('shows withdrawals (New by default) with the card and marks one paid; an empty queue says so', async () => {
    const calls = serveMoney();
    renderAt(<MoneyPage />, '/admin/money', '/admin/money');
    await screen.findAllByTestId('money-row');
    fireEvent.click(screen.getByTestId('money-tab-withdrawals'));
    await waitFor(() => expect(locationOf(screen.getByTestId('location')).searchParams.get('tab')).toBe('withdrawals'));
    const row = await screen.findByTestId('money-row');
    expect(calls.find((c) => c.path === '/api/v1/admin/withdraws')!.query.get('status')).toBe('New');
    expect(within(row).getByTestId('money-card').textContent).toBe('4149 4999 9999 1234');
    fireEvent.click(within(row).getByTestId('money-paid'));
    fireEvent.click(within(await screen.findByTestId('paid-dialog')).getByTestId('paid-dialog-confirm'));
    expect((await screen.findByTestId('money-empty')).textContent).toContain('Заявок на виведення немає');
    expect(puts(calls)[0]).toMatchObject({ path: '/api/v1/admin/withdraws/5', body: { status: 'Paid' } });
    expect(puts(calls)[0]!.idempotencyKey).toMatch(/^[\x20-\x7e]{8,255}$/);
  });

  it('filters by status (all statuses: no status parameter)', async () => {
    const calls = serveMoney();
    renderAt(<MoneyPage />, '/admin/money', '/admin/money');
    await screen.findAllByTestId('money-row');
    fireEvent.mouseDown(screen.getByTestId('money-status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Усі' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/v1/admin/payments')
          .at(-1)!
          .query.has('status'),
      ).toBe(false),
    );
    fireEvent.mouseDown(screen.getByTestId('money-status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Відхилено' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/v1/admin/payments')
          .at(-1)!
          .query.get('status'),
      ).toBe('Declined'),
    );
    expect(await screen.findByTestId('money-empty')).toBeTruthy();
  });
});

describe('the receipt walk (issue 28)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads keys by their place, never while typing in a field, with a modifier or from outside the dialog', () => {
    const dialog = document.createElement('div');
    const button = document.createElement('button');
    const input = document.createElement('input');
    const area = document.createElement('textarea');
    dialog.append(button, input, area);
    const outside = document.createElement('button');
    const press = (target: HTMLElement, key: string, code: string, over: Partial<KeyboardEvent> = {}) =>
      walkKey(
        {
          target,
          currentTarget: dialog,
          key,
          code,
          altKey: false,
          ctrlKey: false,
          metaKey: false,
          defaultPrevented: false,
          ...over,
        } as unknown as React.KeyboardEvent<HTMLElement>,
        'KeyA',
      );
    expect(press(button, 'ArrowRight', 'ArrowRight')).toBe('next');
    expect(press(button, 'о', 'KeyJ')).toBe('next');
    expect(press(button, 'k', 'KeyK')).toBe('prev');
    expect(press(button, 'ф', 'KeyA')).toBe('accept');
    expect(press(button, 'd', 'KeyD')).toBe('decline');
    expect(press(button, 'p', 'KeyP')).toBeNull();
    expect(press(input, 'a', 'KeyA')).toBeNull();
    expect(press(area, 'ArrowRight', 'ArrowRight')).toBeNull();
    expect(press(button, 'a', 'KeyA', { ctrlKey: true })).toBeNull();
    expect(press(outside, 'a', 'KeyA')).toBeNull();
  });

  const three = () => serveMoney([payment(3, { amount: 200 })]);
  const dialogId = () => screen.getByTestId('receipt-dialog').dataset.id;
  const key = (key: string, code: string, target?: HTMLElement) => fireEvent.keyDown(target ?? screen.getByTestId('receipt-dialog'), { key, code });

  it('moves with ←/→ and J/K, A approves the claim and goes on to the next pending one, D declines with the reason focused', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:receipt', revokeObjectURL: () => undefined }));
    const calls = three();
    renderAt(<MoneyPage />, '/admin/money', '/admin/money');
    await screen.findAllByTestId('money-row');
    fireEvent.click(screen.getByTestId('money-walk'));
    const dialog = await screen.findByTestId('receipt-dialog');
    expect(dialogId()).toBe('3');
    expect(within(dialog).getByTestId('receipt-position').textContent).toBe('1 з 3');
    expect(within(dialog).getByTestId('receipt-keys').textContent).toContain('Клавіші:');
    key('ArrowRight', 'ArrowRight');
    expect(dialogId()).toBe('1');
    key('j', 'KeyJ');
    expect(dialogId()).toBe('2');
    key('k', 'KeyK');
    key('ArrowLeft', 'ArrowLeft');
    expect(dialogId()).toBe('3');
    // The first one cannot go back.
    key('ArrowLeft', 'ArrowLeft');
    expect(dialogId()).toBe('3');
    key('ArrowRight', 'ArrowRight');
    // A on the Ukrainian layout types 'ф': the key's place counts.
    key('ф', 'KeyA');
    await waitFor(() => expect(puts(calls)).toEqual([expect.objectContaining({ path: '/api/v1/admin/payments/1', body: { status: 'Approved' } })]));
    await waitFor(() => expect(dialogId()).toBe('2'));
    expect(within(screen.getByTestId('receipt-dialog')).getByTestId('receipt-position').textContent).toBe('2 з 2');
    // D: the decline dialog, its reason focused; keys typed there do nothing to the walk.
    key('d', 'KeyD');
    const decline = await screen.findByTestId('decline-dialog');
    const reason = within(decline).getByTestId('decline-dialog-reason');
    await waitFor(() => expect(document.activeElement).toBe(reason));
    key('a', 'KeyA', reason);
    fireEvent.keyDown(reason, { key: 'ArrowRight', code: 'ArrowRight' });
    expect(puts(calls)).toHaveLength(1);
    fireEvent.change(reason, { target: { value: 'Чужа квитанція' } });
    fireEvent.click(within(decline).getByTestId('decline-dialog-confirm'));
    await waitFor(() => expect(puts(calls).at(-1)).toMatchObject({ path: '/api/v1/admin/payments/2', body: { status: 'Declined', reason: 'Чужа квитанція' } }));
    // Only #3 is left: the walk goes back to it.
    await waitFor(() => expect(dialogId()).toBe('3'));
    key('a', 'KeyA');
    // Nothing pending is left: the dialog closes and says so.
    await waitFor(() => expect(screen.queryByTestId('receipt-dialog')).toBeNull());
    expect(puts(calls)).toHaveLength(3);
    expect((await screen.findAllByTestId('toast')).map((t) => t.textContent).join(' ')).toContain('Усі заявки на сторінці перевірено');
  });

  it('ignores keys with modifiers and a decided top-up takes no A', async () => {
    const calls = serveMoney([payment(9, { status: 'Approved', processed_at: '2025-03-05T10:00:00Z' })]);
    renderAt(<MoneyPage />, '/admin/money?status=all', '/admin/money');
    const rows = await screen.findAllByTestId('money-row');
    fireEvent.click(within(rows.find((r) => r.dataset.id === '9')!).getByTestId('receipt-open'));
    await screen.findByTestId('receipt-dialog');
    expect(screen.queryByTestId('receipt-approve')).toBeNull();
    key('a', 'KeyA');
    fireEvent.keyDown(screen.getByTestId('receipt-dialog'), { key: 'ArrowRight', code: 'ArrowRight', ctrlKey: true });
    expect(dialogId()).toBe('9');
    key('ArrowRight', 'ArrowRight');
    expect(dialogId()).toBe('1');
    fireEvent.keyDown(screen.getByTestId('receipt-dialog'), { key: 'a', code: 'KeyA', metaKey: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(puts(calls)).toEqual([]);
  });

  it('withdrawals: P marks the shown one paid and goes on to the next new one', async () => {
    const calls = serve((c) => {
      if (c.path === '/api/v1/admin/payments') return page([]);
      if (c.path === '/api/v1/admin/withdraws') return page(ws.filter((w) => w.status === 'New'));
      const m = /^\/api\/v1\/admin\/withdraws\/(\d+)$/.exec(c.path);
      if (m && c.method === 'PUT') {
        const w = ws.find((x) => x.id === Number(m[1]))!;
        Object.assign(w, { status: (c.body as { status: string }).status });
        return { data: w };
      }
      if (c.path === '/api/v1/admin/users/7') return { data: { ...user(7), audit: [] } };
      return undefined;
    });
    const ws: ReturnType<typeof withdraw>[] = [withdraw(5), withdraw(6)];
    renderAt(<MoneyPage />, '/admin/money?tab=withdrawals', '/admin/money');
    fireEvent.click(await screen.findByTestId('money-walk'));
    const walk = await screen.findByTestId('withdraw-walk');
    expect(walk.dataset.id).toBe('5');
    expect(walk.textContent).toContain('4149 4999 9999 1234');
    fireEvent.keyDown(walk, { key: 'p', code: 'KeyP' });
    await waitFor(() => expect(screen.getByTestId('withdraw-walk').dataset.id).toBe('6'));
    expect(screen.queryByTestId('paid-dialog')).toBeNull();
    expect(puts(calls)).toEqual([expect.objectContaining({ path: '/api/v1/admin/withdraws/5', body: { status: 'Paid' } })]);
  });
});

describe('bulk actions on the money queues (issue 28)', () => {
  afterEach(() => vi.unstubAllGlobals());

  const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

  it("approves the chosen top-ups: count and sum confirmed, each row's result, the failed ones chosen again (cards)", async () => {
    setDesktop(false);
    const queue = serveMoney([payment(3, { amount: 200 })], (c) =>
      c.path === '/api/v1/admin/payments/bulk'
        ? {
            data: [
              { id: 3, ok: true },
              { id: 1, ok: false, code: 'InvalidStatus', error: 'Поповнення вже оброблено' },
            ],
            meta: { total: 2, ok: 1, failed: 1 },
          }
        : undefined,
    );
    renderAt(<MoneyPage />, '/admin/money', '/admin/money');
    const rows = await screen.findAllByTestId('money-row');
    expect(screen.getByTestId('money-bulk-action').textContent).toBe('Зарахувати вибрані (0)');
    expect(screen.getByTestId<HTMLButtonElement>('money-bulk-action').disabled).toBe(true);
    fireEvent.click(within(rows.find((r) => r.dataset.id === '3')!).getByTestId('money-select-row'));
    fireEvent.click(within(rows.find((r) => r.dataset.id === '1')!).getByTestId('money-select-row'));
    expect(screen.getByTestId('money-bulk-count').textContent).toBe('Вибрано: 2');
    fireEvent.click(screen.getByTestId('money-bulk-action'));
    const confirm = await screen.findByTestId('money-bulk-confirm');
    expect(within(confirm).getByTestId('money-bulk-confirm-text').textContent).toBe(
      'Поповнень: 2, разом 1 700.50 грн. Кожне буде зараховано на заявлену суму.',
    );
    // A double click sends one request.
    fireEvent.click(within(confirm).getByTestId('money-bulk-confirm-go'));
    fireEvent.click(within(confirm).getByTestId('money-bulk-confirm-go'));
    const results = await screen.findByTestId('money-bulk-results');
    expect(posts(queue)).toHaveLength(1);
    expect(posts(queue)[0]).toMatchObject({ path: '/api/v1/admin/payments/bulk', body: { action: 'approve', ids: [3, 1] } });
    expect(posts(queue)[0]!.idempotencyKey).toMatch(/^[\x20-\x7e]{8,255}$/);
    expect(within(results).getByTestId('money-bulk-results-title').textContent).toBe('Результат: 1 з 2 успішно');
    const out = within(results).getAllByTestId('money-bulk-results-row');
    expect(out.map((r) => [r.dataset.id, r.dataset.ok])).toEqual([
      ['1', 'false'],
      ['3', 'true'],
    ]);
    expect(out[0]!.textContent).toBe('№1 · 1 500.50 грнПоповнення вже оброблено');
    expect(out[1]!.textContent).toBe('№3 · 200.00 грнГотово');
    fireEvent.click(within(results).getByTestId('money-bulk-results-select-failed'));
    await waitFor(() => expect(screen.queryByTestId('money-bulk-results')).toBeNull());
    expect(screen.getByTestId('money-bulk-count').textContent).toBe('Вибрано: 1');
    // The queue was read again after the action.
    expect(queue.filter((c) => c.path === '/api/v1/admin/payments').length).toBeGreaterThan(1);
  });

  it('all pending ones: the filter goes instead of ids, the sum is of every pending top-up (table)', async () => {
    setDesktop(true);
    const all = Array.from({ length: 30 }, (_, i) => payment(100 + i, { amount: 100 }));
    const calls = serve((c) => {
      if (c.path === '/api/v1/admin/payments') {
        const per = Number(c.query.get('per_page'));
        const p = Number(c.query.get('page') ?? 1);
        return {
          data: all.slice((p - 1) * per, p * per),
          meta: { current_page: p, per_page: per, total: all.length, last_page: Math.ceil(all.length / per) },
          pagination: { last_page: Math.ceil(all.length / per) },
        };
      }
      if (c.path === '/api/v1/admin/payments/bulk') return { data: all.map((p) => ({ id: p.id, ok: true })), meta: { total: 30, ok: 30, failed: 0 } };
      if (c.path === '/api/v1/admin/users/7') return { data: { ...user(7), audit: [] } };
      if (c.path.startsWith('/api/v1/media-files/')) return {};
      return undefined;
    });
    renderAt(<MoneyPage />, '/admin/money', '/admin/money');
    expect(await screen.findAllByTestId('money-row')).toHaveLength(20);
    expect(screen.queryByTestId('money-select-all')).toBeNull();
    fireEvent.click(screen.getByTestId('money-select-page-head'));
    expect(screen.getByTestId('money-bulk-count').textContent).toBe('Вибрано: 20');
    fireEvent.click(screen.getByTestId('money-select-all'));
    expect(screen.getByTestId('money-bulk-count').textContent).toBe('Вибрано всі очікуючі: 30');
    expect(screen.getByTestId('money-bulk-action').textContent).toBe('Зарахувати вибрані (30)');
    fireEvent.click(screen.getByTestId('money-bulk-action'));
    const confirm = await screen.findByTestId('money-bulk-confirm');
    expect((await within(confirm).findByTestId('money-bulk-confirm-text')).textContent).toBe(
      'Поповнень: 30, разом 3 000.00 грн. Кожне буде зараховано на заявлену суму.',
    );
    expect(calls.some((c) => c.path === '/api/v1/admin/payments' && c.query.get('per_page') === '100')).toBe(true);
    fireEvent.click(within(confirm).getByTestId('money-bulk-confirm-go'));
    const results = await screen.findByTestId('money-bulk-results');
    expect(posts(calls)[0]).toMatchObject({ path: '/api/v1/admin/payments/bulk', body: { action: 'approve', filter: { status: 'Pending' } } });
    expect(within(results).queryByTestId('money-bulk-results-select-failed')).toBeNull();
    expect((await screen.findByTestId('toast')).textContent).toContain('Оброблено 30 з 30');
    fireEvent.click(within(results).getByTestId('money-bulk-results-done'));
    await waitFor(() => expect(screen.queryByTestId('money-bulk-results')).toBeNull());
    expect(screen.getByTestId('money-bulk-count').textContent).toBe('Вибрано: 0');
  });

  it('marks the chosen withdrawals paid', async () => {
    setDesktop(true);
    const ws = [withdraw(5), { ...withdraw(6), amount: 100 }];
    const calls = serve((c) => {
      if (c.path === '/api/v1/admin/payments') return page([]);
      if (c.path === '/api/v1/admin/withdraws') return page(ws);
      if (c.path === '/api/v1/admin/withdraws/bulk')
        return {
          data: [
            { id: 5, ok: true },
            { id: 6, ok: true },
          ],
          meta: { total: 2, ok: 2, failed: 0 },
        };
      if (c.path === '/api/v1/admin/users/7') return { data: { ...user(7), audit: [] } };
      return undefined;
    });
    renderAt(<MoneyPage />, '/admin/money?tab=withdrawals', '/admin/money');
    await screen.findAllByTestId('money-row');
    fireEvent.click(screen.getByTestId('money-select-page'));
    expect(screen.getByTestId('money-bulk-action').textContent).toBe('Позначити виплаченими (2)');
    fireEvent.click(screen.getByTestId('money-bulk-action'));
    const confirm = await screen.findByTestId('money-bulk-confirm');
    expect(within(confirm).getByTestId('money-bulk-confirm-text').textContent).toBe(
      'Виведень: 2, разом 500.00 грн. Підтвердьте, що всі кошти переказано на картки.',
    );
    fireEvent.click(within(confirm).getByTestId('money-bulk-confirm-go'));
    expect(await screen.findByTestId('money-bulk-results')).toBeTruthy();
    expect(posts(calls)[0]).toMatchObject({ path: '/api/v1/admin/withdraws/bulk', body: { action: 'paid', ids: [5, 6] } });
  });
});
