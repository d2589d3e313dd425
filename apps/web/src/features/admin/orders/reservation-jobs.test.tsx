/**
 * Issue 27 point 1: "Retry now" on a reservation job still waiting for its next attempt (not only
 * on a failed one), with the time of that attempt; none on a running or finished job. uk and ru.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildConfigLists, type AdminOrderDto, type ReservationJobDto } from '@drop/shared';
import { i18n } from '../../../lib/i18n.ts';
import { order as resellerOrder } from '../../../test/fixtures/orders.ts';
import OrdersSection from './orders-section.tsx';
import { retryable } from './reservation-jobs.tsx';
import { mockApi, renderSection, setDesktop } from './test-utils.tsx';

const lists = buildConfigLists('uk');
const adminOrder = (): AdminOrderDto => ({
  ...resellerOrder(),
  user: { id: 42, name: 'Ірина Мельник', email: 'iryna@example.com', phone: '+380671112233' },
  np_status_code: null,
  return_ttn: null,
});

/** Today at 12:40 local time (the next attempt). */
const at1240 = () => {
  const d = new Date();
  d.setHours(12, 40, 0, 0);
  return d.toISOString();
};

const job = (id: string, state: ReservationJobDto['state'], over: Partial<ReservationJobDto> = {}): ReservationJobDto => ({
  id,
  action: 'CreateReserveJob',
  state,
  retry_count: state === 'failed' ? 8 : state === 'retry' ? 1 : 0,
  retry_limit: 8,
  created_at: '2026-01-01T10:00:00Z',
  started_at: null,
  completed_at: null,
  next_attempt_at: null,
  error: state === 'failed' || state === 'retry' ? 'HTTP 500' : null,
  ...over,
});

describe('reservation jobs: retry now', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('uk'));
  });

  it('retryable: failed and waiting jobs, never running or finished ones', () => {
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect(retryable(job('a', 'failed'))).toBe(true);
    expect(retryable(job('a', 'retry', { next_attempt_at: future }))).toBe(true);
    expect(retryable(job('a', 'created', { next_attempt_at: future }))).toBe(true);
    expect(retryable(job('a', 'created', { next_attempt_at: new Date(Date.now() - 1000).toISOString() }))).toBe(false);
    for (const s of ['active', 'completed', 'cancelled'] as const) expect(retryable(job('a', s))).toBe(false);
  });

  for (const desktop of [true, false]) {
    it(`${desktop ? 'table' : 'cards'}: a job waiting for its next attempt shows when and "Повторити зараз", which runs it (uk, ru)`, async () => {
      setDesktop(desktop);
      let jobs = [
        job('a1', 'retry', { next_attempt_at: at1240() }),
        job('b2', 'failed', { action: 'ConfirmReserveJob' }),
        job('c3', 'active', { action: 'UpdateReserveJob' }),
        job('d4', 'completed', { action: 'CancelReserveJob' }),
      ];
      const api = mockApi((c) => {
        if (c.path === '/config') return { data: lists };
        if (c.path === '/admin/orders/7' && c.method === 'GET') return { data: adminOrder() };
        if (c.path === '/admin/orders/7/jobs') return { data: jobs };
        if (c.path === '/admin/orders/7/jobs/a1/retry' && c.method === 'POST') {
          jobs = [job('a1', 'active'), ...jobs.slice(1)];
          return { data: jobs[0] };
        }
        return undefined;
      });
      renderSection(<OrdersSection />, 'orders', '/admin/orders/7', 'admin');
      const rows = await screen.findAllByTestId('job-row', {}, { timeout: 10_000 });
      const [waiting, failed, active, completed] = rows;
      expect(within(waiting!).getByTestId('job-next-attempt').textContent).toBe('Наступна спроба о 12:40');
      expect(within(failed!).queryByTestId('job-next-attempt')).toBeNull();
      expect(within(failed!).getByRole('button', { name: 'Повторити завдання «Підтвердження резерву»' }).textContent).toBe('Повторити');
      expect(within(active!).queryByRole('button')).toBeNull();
      expect(within(completed!).queryByRole('button')).toBeNull();
      const now = within(waiting!).getByRole('button', { name: 'Повторити зараз завдання «Створення резерву»' });
      expect(now.textContent).toBe('Повторити зараз');
      fireEvent.mouseOver(now);
      expect((await screen.findByRole('tooltip')).textContent).toBe('Наступна спроба о 12:40');

      await act(() => i18n.changeLanguage('ru'));
      await waitFor(() => expect(within(screen.getAllByTestId('job-row')[0]!).getByTestId('job-next-attempt').textContent).toBe('Следующая попытка в 12:40'));
      const ruNow = within(screen.getAllByTestId('job-row')[0]!).getByRole('button', { name: 'Повторить сейчас задание «Создание резерва»' });
      expect(ruNow.textContent).toBe('Повторить сейчас');

      fireEvent.click(ruNow);
      await waitFor(() => expect(api.find('POST', '/admin/orders/7/jobs/a1/retry')).toHaveLength(1));
      await waitFor(() => expect(screen.getAllByTestId('job-row')[0]!.dataset.state).toBe('active'));
      expect(screen.queryByTestId('job-retry-a1')).toBeNull();
      expect(screen.queryByTestId('job-next-attempt')).toBeNull();
    }, 30_000);
  }
});

beforeEach(() => setDesktop(true));
