import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PaymentDto } from '@drop/shared';
import { locationOf, page, renderAt, serve, setDesktop, user, type Call } from '../test-utils.tsx';
import { MoneyPage } from './money-page.tsx';

const payment = (id: number, over: Partial<PaymentDto> = {}) => ({
  id,
  amount: 1500.5,
  status: 'Pending' as const,
  comment: 'ПриватБанк',
  decline_reason: null,
  credited_amount: null as number | null,
  credit_reason: null as string | null,
  document: { id: 40 + id, name: `receipt-${id}.png`, mime: 'image/png', size: 2048, url: `/api/v1/media-files/${40 + id}/file`, created_at: '2025-03-04T10:00:00Z' },
  created_at: '2025-03-04T10:00:00Z',
  processed_at: null,
  user_id: 7,
  ...over,
});
const withdraw = (id: number) => ({ id, requisites: '4149 **** **** 1234', card_number: '4149499999991234', amount: 400, status: 'New' as const, decline_reason: null, created_at: '2025-03-04T10:00:00Z', paid_at: null, user_id: 7 });

function serveMoney(extra: ReturnType<typeof payment>[] = []) {
  const queue = { payments: [...extra, payment(1), payment(2, { document: { id: 50, name: 'scan.pdf', mime: 'application/pdf', size: 1000, url: '/api/v1/media-files/50/file', created_at: '2025-03-04T10:00:00Z' } })], withdraws: [withdraw(5)] };
  const calls = serve((c) => {
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

  it('the receipt dialog shows the claimed amount and decides from there: approve, or decline (issue 27 p.1)', async () => {
    setDesktop(true);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:receipt', revokeObjectURL: () => undefined }));
    const calls = serveMoney();
    renderAt(<MoneyPage />, '/admin/money', '/admin/money');
    let row = (await screen.findAllByTestId('money-row'))[0]!;
    fireEvent.click(within(row).getByTestId('receipt-open'));
    let receipt = await screen.findByTestId('receipt-dialog');
    expect(within(receipt).getByTestId('receipt-claimed').textContent).toBe('Заявлена сума: 1 500.50 грн');
    fireEvent.click(within(receipt).getByTestId('receipt-approve'));
    const approve = await screen.findByTestId('approve-dialog');
    fireEvent.click(within(approve).getByTestId('approve-dialog-confirm'));
    await waitFor(() => expect(puts(calls)).toEqual([expect.objectContaining({ path: '/api/v1/admin/payments/1', body: { status: 'Approved' } })]));
    await waitFor(() => expect(screen.getAllByTestId('money-row')).toHaveLength(1));
    row = screen.getAllByTestId('money-row')[0]!;
    fireEvent.click(within(row).getByTestId('receipt-open'));
    receipt = await screen.findByTestId('receipt-dialog');
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
    expect(within(dialog).getByTestId('approve-dialog-other').textContent).toBe('Буде зараховано 1 200.10 грн замість заявлених 1 500.50 грн. Вкажіть причину: реселер її побачить');
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
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/admin/payments').at(-1)!.query.has('status')).toBe(false));
    fireEvent.mouseDown(screen.getByTestId('money-status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Відхилено' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/admin/payments').at(-1)!.query.get('status')).toBe('Declined'));
    expect(await screen.findByTestId('money-empty')).toBeTruthy();
  });
});
