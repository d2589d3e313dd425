/**
 * Working through a queue from an order's page (issue 28): when the order was opened from the list
 * (its link carries the list's `back` and the page's order ids, OrderLinkState.queue), "Попереднє" /
 * "Наступне" and the keys P / N (or Alt+← / Alt+→) step to the neighbouring order of the same list
 * or worklist, keeping the way back. Past the page's last order the queue goes on: a worklist's
 * orders not visited yet (read again: the processed ones have left it), or the list's next page.
 * Test ids: queue-nav, queue-position, queue-prev, queue-next.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { useLocation, useNavigate } from 'react-router';
import { ORDER_WORKLISTS, type OrderWorklist } from '@drop/shared';
import { parseOrdersFilter } from '../../orders/lib/orders-filter.ts';
import { useAdminOrders } from './api.ts';
import { useOrdersT } from './i18n.ts';
import { KeysHint, useKeys } from './keyboard.tsx';
import { adminOrderPath, type OrderLinkState } from './orders-board-page.tsx';

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
  const { t } = useOrdersT();
  const navigate = useNavigate();
  const { back, queue, worklist } = useQueueState();
  const at = queue.indexOf(id);
  const prev = at > 0 ? queue[at - 1] : undefined;
  // At the queue's end: what follows it in the list (see above).
  const last = at >= 0 && at === queue.length - 1 && !!back;
  const backParams = new URLSearchParams(back?.split('?')[1] ?? '');
  const { page, per_page, ...filter } = parseOrdersFilter(backParams);
  const more = useAdminOrders(worklist ? { ...filter, worklist, page: 1, per_page: 100 } : { ...filter, page: page + 1, per_page }, last);
  const moreIds = last && more.data ? more.data.data.map((o) => o.id).filter((n) => !queue.includes(n)) : [];
  const next = at >= 0 && at < queue.length - 1 ? queue[at + 1] : moreIds[0];
  const go = (to: number | undefined) => {
    if (to === undefined || !back) return false;
    const extended = queue.includes(to) ? queue : [...queue, ...moreIds];
    // The list's next page becomes the way back, so "До замовлень" returns where the queue now is.
    const nextBack = !queue.includes(to) && !worklist ? `${back.split('?')[0]}?${new URLSearchParams({ ...Object.fromEntries(backParams), page: String(page + 1) }).toString()}` : back;
    void navigate(adminOrderPath(to), { state: { back: nextBack, queue: extended } satisfies OrderLinkState });
    return true;
  };
  useKeys((e) => {
    if (e.key === 'n' || e.key === 'N' || (e.altKey && e.key === 'ArrowRight')) return go(next);
    if (e.key === 'p' || e.key === 'P' || (e.altKey && e.key === 'ArrowLeft')) return go(prev);
    return false;
  }, at >= 0 && !!back);
  if (at < 0 || !back) return null;
  const position = worklist
    ? t('worklist.position', { index: at + 1, total: queue.length, name: t(`worklist.names.${worklist}`) })
    : t('worklist.positionList', { index: at + 1, total: queue.length });
  return (
    <Box role="navigation" aria-label={position} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', ml: 'auto' }} data-testid="queue-nav">
      <Typography variant="body2" color="text.secondary" data-testid="queue-position">
        {position}
      </Typography>
      <Button size="small" variant="outlined" startIcon={<NavigateBeforeIcon />} disabled={prev === undefined} onClick={() => go(prev)} aria-label={t('worklist.prevLabel')} aria-keyshortcuts="P Alt+ArrowLeft" data-testid="queue-prev">
        {t('worklist.prev')}
      </Button>
      <Button size="small" variant="contained" endIcon={<NavigateNextIcon />} disabled={next === undefined} onClick={() => go(next)} aria-label={t('worklist.nextLabel')} aria-keyshortcuts="N Alt+ArrowRight" data-testid="queue-next">
        {t('worklist.next')}
      </Button>
      <KeysHint lines={[t('keys.orderNext'), t('keys.orderPrev')]} />
    </Box>
  );
}
