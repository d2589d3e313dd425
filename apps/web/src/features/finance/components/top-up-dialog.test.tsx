import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../../test/render.tsx';
import { TopUpDialog } from './top-up-dialog.tsx';
import { reply, stubFetch } from '../../../test/fetch-stub.ts';

const doc = { id: 7, name: 'receipt.png', mime: 'image/png', size: 68, url: '/api/v1/payment-documents/7', created_at: '2025-03-04T10:00:00Z' };
let paymentReply: () => Promise<Response>;
const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
  const { pathname } = new URL(String(input), 'http://x');
  if (init?.method === 'POST' && pathname === '/api/v1/payment-documents') return reply({ data: doc }, 201);
  if (init?.method === 'POST' && pathname === '/api/v1/payments') return paymentReply();
  return reply({ data: [], meta: { current_page: 1, per_page: 10, total: 0, last_page: 1 }, pagination: { last_page: 1 } });
});
const posts = (path: string) => fetchMock.mock.calls.filter(([u, i]) => i?.method === 'POST' && new URL(String(u), 'http://x').pathname === path);

const png = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'receipt.png', { type: 'image/png' });
const choose = (file: File) => fireEvent.change(screen.getByTestId('topup-file'), { target: { files: [file] } });
const amount = () => screen.getByTestId<HTMLInputElement>('topup-amount');
const submit = () => fireEvent.click(screen.getByTestId('topup-submit'));

describe('TopUpDialog', () => {
  beforeEach(() => {
    fetchMock.mockClear();
    paymentReply = () =>
      reply(
        { data: { id: 1, amount: 1500, status: 'Pending' }, message: 'Запит на поповнення надіслано. Зазвичай кошти зараховуються протягом 24 годин' },
        201,
      );
    stubFetch(fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a receipt and an amount before sending anything', async () => {
    renderWithProviders(<TopUpDialog open onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Поповнення балансу' })).toBeTruthy();
    submit();
    expect(await screen.findByText('Додайте файл')).toBeTruthy();
    expect(screen.getByText("Поле обов'язкове для заповнення")).toBeTruthy();
    fireEvent.change(amount(), { target: { value: '0' } });
    submit();
    expect(await screen.findByText('Сума має бути більше 0')).toBeTruthy();
    fireEvent.change(amount(), { target: { value: '12.345' } });
    submit();
    expect(await screen.findByText('Недопустиме значення')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image or a PDF', async () => {
    renderWithProviders(<TopUpDialog open onClose={vi.fn()} />);
    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByTestId('topup-file-error')).textContent).toBe('Завантажте зображення (JPG, PNG, WebP, HEIC) або PDF');
    expect(screen.getByTestId('topup-file').getAttribute('accept')).toContain('application/pdf');
  });

  it('refuses a receipt above 10 MB and shows a PDF by name and size', async () => {
    renderWithProviders(<TopUpDialog open onClose={vi.fn()} />);
    const big = new File(['%PDF-1.4'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    choose(big);
    expect((await screen.findByTestId('topup-file-error')).textContent).toBe('Файл завеликий: не більше 10 МБ');
    const ok = new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' });
    Object.defineProperty(ok, 'size', { value: 2 * 1024 * 1024 });
    fireEvent.click(screen.getByTestId('topup-file-remove'));
    choose(ok);
    await waitFor(() => expect(screen.queryByTestId('topup-file-error')).toBeNull());
    expect(screen.getByTestId('topup-file-name').textContent).toBe('invoice.pdf');
    expect(screen.getByTestId('topup-file-preview').textContent).toContain('2.0 MB');
  });

  it('uploads the receipt, creates the payment and shows the server message', async () => {
    const onClose = vi.fn();
    renderWithProviders(<TopUpDialog open onClose={onClose} />);
    choose(png());
    fireEvent.change(amount(), { target: { value: '1 500,00' } });
    fireEvent.change(screen.getByTestId('topup-comment'), { target: { value: ' Оплата з ФОП ' } });
    submit();
    expect((await screen.findByTestId('toast')).textContent).toContain('Зазвичай кошти зараховуються протягом 24 годин');
    expect(onClose).toHaveBeenCalled();
    const upload = posts('/api/v1/payment-documents')[0]?.[1]?.body as FormData;
    expect((upload.get('file') as File).name).toBe('receipt.png');
    expect(JSON.parse(String(posts('/api/v1/payments')[0]?.[1]?.body))).toEqual({ amount: 1500, payment_document_id: 7, comment: 'Оплата з ФОП' });
  });

  it('shows server field errors under the fields and reuses the uploaded receipt', async () => {
    paymentReply = () => reply({ message: 'Введено некоректні дані', errors: { amount: ['Значення має бути не більше 1000000'] } }, 422);
    renderWithProviders(<TopUpDialog open onClose={vi.fn()} />);
    choose(png());
    fireEvent.change(amount(), { target: { value: '900' } });
    submit();
    expect(await screen.findByText('Значення має бути не більше 1000000')).toBeTruthy();
    submit();
    await waitFor(() => expect(posts('/api/v1/payments')).toHaveLength(2));
    expect(posts('/api/v1/payment-documents')).toHaveLength(1);
    // A 422 is an answer: the corrected request is a new intent with a new key.
    const keys = posts('/api/v1/payments').map(([, i]) => (i?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('a double click uploads the receipt once and sends one payment with an Idempotency-Key', async () => {
    const onClose = vi.fn();
    renderWithProviders(<TopUpDialog open onClose={onClose} />);
    choose(png());
    fireEvent.change(amount(), { target: { value: '150' } });
    submit();
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(posts('/api/v1/payment-documents')).toHaveLength(1);
    expect(posts('/api/v1/payments')).toHaveLength(1);
    expect((posts('/api/v1/payments')[0]![1]!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[\x20-\x7e]{1,255}$/);
  });

  it('an error belongs to the dialog: it goes when the dialog closes (issue 26 point 3)', async () => {
    paymentReply = () => reply({ message: 'Забагато запитів на поповнення', code: 'TooManyPayments' }, 400);
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" data-testid="harness-close" onClick={() => setOpen(false)} />
          <TopUpDialog open={open} onClose={() => setOpen(false)} />
        </>
      );
    }
    renderWithProviders(<Harness />);
    choose(png());
    fireEvent.change(amount(), { target: { value: '150' } });
    submit();
    expect((await screen.findByTestId('toast')).textContent).toContain('Забагато запитів на поповнення');
    fireEvent.click(screen.getByTestId('harness-close'));
    await waitFor(() => expect(screen.queryByText('Забагато запитів на поповнення')).toBeNull());
  });
});
