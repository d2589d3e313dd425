/**
 * Working through a queue from an order's page (issue 28): when the order was opened from the list
 * (its link carries the list's `back` and the page's order ids, OrderLinkState.queue), "Попереднє" /
 * "Наступне" and the keys P / N (or Alt+← / Alt+→) step to the neighbouring order of the same list
 * or worklist, keeping the way back. Past the page's last order the queue goes on: a worklist's
 * orders not visited yet (read again: the processed ones have left it), or the list's next page.
 * On an order worklist the worklist's main action is there too, with the key A: to_confirm confirms
 * the order (not a Balance one), to_pack moves it to Complected, to_ship opens the Nova Poshta waybill
 * dialog (1 kg, 1 seat; Enter makes it); onec_failed runs the order's failed 1C job again (as its
 * "Повторити" on the reservation jobs card; that takes the order out of the worklist); trouble has
 * none. The action is offered only
 * while the role may do it and the order is still where the worklist expects it; it goes through the
 * order page's own mutations (the same API calls, rules and error messages). Once it is done the walk
 * goes on to the worklist's next order, or back to the list with "Черга опрацьована".
 * Test ids: queue-nav, queue-position, queue-prev, queue-next, queue-action (data-action).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import ReplayIcon from '@mui/icons-material/Replay';
import { ORDER_WORKLISTS, mayAccess, mustBePaidToShip, staffMayConfirm, type AdminOrderDto, type OrderWorklist, type ReservationJobDto } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { parseOrdersFilter } from '../../../lib/order/orders-filter.ts';
import { worklistKeys } from '../worklists/api.ts';
import { allowedMoves, canCreateNpTtn, offersConfirm } from './admin-order-page.tsx';
import { adminOrderKeys, getAdminOrders, useAdminOrder, useAdminOrders, useMoveOrder, useReservationJobs, useRetryJob } from './api.ts';
import { useOrdersT } from './i18n.ts';
import { KeysHint, useKeys } from './keyboard.tsx';
import { CreateTtnDialog, useIsAdmin, useStaffRole } from './order-dialogs.tsx';
import { adminOrderPath, type OrderLinkState } from './orders-board-page.tsx';

/** A worklist's main action on one order (trouble has none). */
export type QueueActionKind = 'confirm' | 'pack' | 'waybill' | 'retry';
const WORKLIST_ACTIONS: Partial<Record<OrderWorklist, QueueActionKind>> = { to_confirm: 'confirm', to_pack: 'pack', to_ship: 'waybill', onec_failed: 'retry' };

/**
 * The worklist's main action this role may take on this order now: undefined when the worklist has
 * none, the role may not, or the order has left the state the worklist holds. `blocked`: offered but
 * the paid-Card rule stops it here (an unpaid Card order ships only by an admin's override with a
 * reason, given in the move or waybill dialog).
 */
export function queueActionOf(
  worklist: OrderWorklist | undefined,
  o: AdminOrderDto,
  role: string | undefined,
  isAdmin: boolean,
  failedJob: ReservationJobDto | undefined,
): { kind: QueueActionKind; blocked: boolean } | undefined {
  const kind = worklist ? WORKLIST_ACTIONS[worklist] : undefined;
  if (kind === 'retry') return mayAccess(role, 'orders.reservation') && failedJob ? { kind, blocked: false } : undefined;
  if (kind === 'confirm') return o.status === 'New' && offersConfirm(o, role) && staffMayConfirm(o) ? { kind, blocked: false } : undefined;
  if (kind === 'pack') return o.status === 'Confirmed' && allowedMoves(o, role).includes('Complected') ? { kind, blocked: mustBePaidToShip(o) } : undefined;
  if (kind === 'waybill') return mayAccess(role, 'orders.waybill') && canCreateNpTtn(o) ? { kind, blocked: mustBePaidToShip(o) && !isAdmin } : undefined;
  return undefined;
}

const ACTION_ICONS: Record<QueueActionKind, React.ReactNode> = {
  confirm: <CheckCircleIcon />,
  pack: <InventoryIcon />,
  waybill: <LocalShippingIcon />,
  retry: <ReplayIcon />,
};

/** The link state the order page was opened with, if it is a list's (a `back` to /admin/orders and the ids). */
export function useQueueState(): { back: string | undefined; queue: number[]; worklist: OrderWorklist | undefined } {
  const state = useLocation().state as Partial<OrderLinkState> | null;
  const back = typeof state?.back === 'string' && /^\/admin\/orders\/?(\?|$)/.test(state.back) ? state.back : undefined;
  const queue = Array.isArray(state?.queue) ? state.queue.filter((n): n is number => Number.isSafeInteger(n) && n > 0) : [];
  const w = back ? new URLSearchParams(back.split('?')[1] ?? '').get('worklist') : null;
  const worklist = (ORDER_WORKLISTS as readonly string[]).includes(w ?? '') ? (w as OrderWorklist) : undefined;
  return { back, queue, worklist };
}

export function QueueNav({ id }: { id: number }) {
  const { t, tc, i18n } = useOrdersT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const toast = useToast();
  const role = useStaffRole();
  const isAdmin = useIsAdmin();
  // The page's own query (the same key): the order as the page shows it, updated by its mutations.
  const order = useAdminOrder(id).data;
  const move = useMoveOrder(id);
  const retry = useRetryJob(id);
  const [waybillOpen, setWaybillOpen] = useState(false);
  // An action on its way (or done, the walk moving on): a second A or click sends nothing.
  const acting = useRef<number | null>(null);
  const { back, queue, worklist } = useQueueState();
  const at = queue.indexOf(id);
  // On the 1C failures' worklist: the order's failed job (the jobs card's own query).
  const onecWalk = worklist === 'onec_failed' && at >= 0 && mayAccess(role, 'orders.reservation');
  const jobs = useReservationJobs(onecWalk ? id : 0);
  const failedJob = onecWalk ? jobs.data?.find((j) => j.state === 'failed') : undefined;
  const prev = at > 0 ? queue[at - 1] : undefined;
  // At the queue's end: what follows it in the list (see above).
  const last = at >= 0 && at === queue.length - 1 && !!back;
  const backParams = new URLSearchParams(back?.split('?')[1] ?? '');
  const { page, per_page, ...filter } = parseOrdersFilter(backParams);
  const moreQuery = worklist ? { ...filter, worklist, page: 1, per_page: 100 } : { ...filter, page: page + 1, per_page };
  const more = useAdminOrders(moreQuery, last);
  const moreIds = last && more.data ? more.data.data.map((o) => o.id).filter((n) => !queue.includes(n)) : [];
  const next = at >= 0 && at < queue.length - 1 ? queue[at + 1] : moreIds[0];
  const go = (to: number | undefined) => {
    if (to === undefined || !back) return false;
    const extended = queue.includes(to) ? queue : [...queue, ...moreIds];
    // The list's next page becomes the way back, so "До замовлень" returns where the queue now is.
    const nextBack =
      !queue.includes(to) && !worklist
        ? `${back.split('?')[0]}?${new URLSearchParams({ ...Object.fromEntries(backParams), page: String(page + 1) }).toString()}`
        : back;
    void navigate(adminOrderPath(to), { state: { back: nextBack, queue: extended } satisfies OrderLinkState });
    return true;
  };
  const action = at >= 0 && back && order && order.id === id ? queueActionOf(worklist, order, role, isAdmin, failedJob) : undefined;
  const pending = move.isPending || retry.isPending;
  const busy = pending || waybillOpen;

  /**
   * After the action: the queue's next order; at its end the worklist read again (the order just
   * done has left it) for an order not visited yet; none: back to the list, the queue is done.
   */
  const advance = async () => {
    void client.invalidateQueries({ queryKey: worklistKeys.counts });
    if (!back) return;
    if (at >= 0 && at < queue.length - 1) {
      go(queue[at + 1]);
      return;
    }
    let rest: number[] = [];
    let left = 0;
    try {
      const fresh = await client.fetchQuery({
        queryKey: adminOrderKeys.list(moreQuery, i18n.language),
        queryFn: ({ signal }) => getAdminOrders(moreQuery, signal),
        staleTime: 0,
      });
      const others = fresh.data.map((o) => o.id).filter((n) => n !== id);
      rest = others.filter((n) => !queue.includes(n));
      left = others.length;
    } catch {
      // The list could not be read: back to it (it shows its own error).
    }
    if (rest.length > 0) {
      void navigate(adminOrderPath(rest[0]!), { state: { back, queue: [...queue, ...rest] } satisfies OrderLinkState });
      return;
    }
    // Orders skipped on the way are still in the worklist: the list shows them.
    if (left > 0) toast.info(t('worklist.doneSkipped', { count: left }));
    else toast.success(t('worklist.done'));
    void navigate(back);
  };

  const act = () => {
    if (!action || action.blocked || busy || acting.current === id) return false;
    if (action.kind === 'waybill') {
      setWaybillOpen(true);
      return true;
    }
    if (action.kind === 'retry' && !failedJob) return false;
    acting.current = id;
    const failed = (e: unknown) => {
      acting.current = null;
      toast.error(isApiError(e) ? e.message : tc('errors.generic'));
    };
    if (action.kind === 'retry' && failedJob) {
      retry.mutate(failedJob.id, {
        onSuccess: () => {
          toast.success(t('jobs.retried'));
          void advance();
        },
        onError: failed,
      });
      return true;
    }
    move.mutate(
      { status: action.kind === 'confirm' ? 'Confirmed' : 'Complected' },
      {
        onSuccess: (o) => {
          toast.success(t('move.done', { status: o.status_name }));
          void advance();
        },
        onError: failed,
      },
    );
    return true;
  };

  useKeys(
    (e) => {
      if (e.key === 'n' || e.key === 'N' || (e.altKey && e.key === 'ArrowRight')) return go(next);
      if (e.key === 'p' || e.key === 'P' || (e.altKey && e.key === 'ArrowLeft')) return go(prev);
      // By the key's place too (KeyA), so the Ukrainian layout's "ф" works.
      if (!e.altKey && !e.shiftKey && (e.key === 'a' || e.key === 'A' || e.code === 'KeyA')) return act();
      return false;
    },
    at >= 0 && !!back,
  );
  if (at < 0 || !back) return null;
  const position = worklist
    ? t('worklist.position', { index: at + 1, total: queue.length, name: t(`worklist.names.${worklist}`) })
    : t('worklist.positionList', { index: at + 1, total: queue.length });
  return (
    <Box role="navigation" aria-label={position} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', ml: 'auto' }} data-testid="queue-nav">
      <Typography variant="body2" color="text.secondary" data-testid="queue-position">
        {position}
      </Typography>
      {action && (
        <Button
          size="small"
          variant="contained"
          color="success"
          startIcon={ACTION_ICONS[action.kind]}
          disabled={action.blocked}
          loading={pending}
          onClick={() => act()}
          aria-keyshortcuts="A"
          data-testid="queue-action"
          data-action={action.kind}
        >
          {t(`worklist.action.${action.kind}`)}
          <Box
            component="kbd"
            aria-hidden
            sx={{
              ml: 1,
              px: 0.5,
              border: 1,
              borderColor: 'currentColor',
              borderRadius: 0.5,
              fontSize: '0.75em',
              fontFamily: 'inherit',
              opacity: 0.8,
              display: { xs: 'none', md: 'inline' },
            }}
          >
            A
          </Box>
        </Button>
      )}
      <Button
        size="small"
        variant="outlined"
        startIcon={<NavigateBeforeIcon />}
        disabled={prev === undefined}
        onClick={() => go(prev)}
        aria-label={t('worklist.prevLabel')}
        aria-keyshortcuts="P Alt+ArrowLeft"
        data-testid="queue-prev"
      >
        {t('worklist.prev')}
      </Button>
      <Button
        size="small"
        variant="contained"
        endIcon={<NavigateNextIcon />}
        disabled={next === undefined}
        onClick={() => go(next)}
        aria-label={t('worklist.nextLabel')}
        aria-keyshortcuts="N Alt+ArrowRight"
        data-testid="queue-next"
      >
        {t('worklist.next')}
      </Button>
      <KeysHint
        lines={[
          t('keys.orderNext'),
          t('keys.orderPrev'),
          ...(worklist && WORKLIST_ACTIONS[worklist] ? [t(`keys.orderAction.${WORKLIST_ACTIONS[worklist]}`)] : []),
        ]}
      />
      {waybillOpen && order && (
        <CreateTtnDialog
          open
          order={order}
          onClose={() => setWaybillOpen(false)}
          onCreated={() => {
            acting.current = id;
            void advance();
          }}
        />
      )}
    </Box>
  );
}
