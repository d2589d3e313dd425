/**
 * The order's history as a vertical timeline, newest first: when, what happened (in the user's
 * language, see lib/order/history.ts) and who (a user's name, or 'Система' for the system and carriers).
 * Test ids: order-history, history-entry (data-kind), history-title, history-detail, history-amount,
 * history-actor, history-date, history-repeat ("×3, востаннє 12:40": one entry for an event repeated in a row),
 * order-history-empty.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '@drop/shared';
import { describeHistory, repeatText, type HistoryEntry } from '../../lib/order/history.ts';
import type { OrderLists } from '../../lib/order/lists.ts';

const TONE_COLORS = {
  primary: 'primary.main',
  info: 'info.main',
  success: 'success.main',
  warning: 'warning.main',
  error: 'error.main',
  grey: 'grey.500',
} as const;

export const sortHistory = (entries: HistoryEntry[]) =>
  [...entries].sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || b.id - a.id);

export function OrderHistory({ entries, lists }: { entries: HistoryEntry[]; lists: Partial<OrderLists> | undefined }) {
  const { t } = useTranslation();
  const sorted = sortHistory(entries);
  return (
    <Card component="section" aria-labelledby="order-history-title" data-testid="order-history">
      <CardHeader title={t('orders.page.history')} slotProps={{ title: { id: 'order-history-title', component: 'h2', variant: 'h3' } }} sx={{ pb: 0 }} />
      <CardContent>
        {sorted.length === 0 ? (
          <Typography color="text.secondary" data-testid="order-history-empty">
            {t('orders.page.noHistory')}
          </Typography>
        ) : (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-labelledby="order-history-title">
            {sorted.map((h, i) => {
              const text = describeHistory(h, lists, t);
              const repeated = repeatText(h, t);
              const last = i === sorted.length - 1;
              return (
                <Box
                  component="li"
                  key={h.id}
                  sx={{ display: 'grid', gridTemplateColumns: '20px minmax(0, 1fr)', columnGap: 1.5 }}
                  data-testid="history-entry"
                  data-kind={h.kind}
                >
                  <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }} aria-hidden>
                    <Box
                      sx={{ width: 12, height: 12, borderRadius: '50%', mt: 0.75, flexShrink: 0, bgcolor: text.color ?? TONE_COLORS[text.tone], boxShadow: 1 }}
                    />
                    {!last && <Box sx={{ width: 2, flexGrow: 1, bgcolor: 'divider', my: 0.5 }} />}
                  </Box>
                  <Box sx={{ pb: last ? 0 : 2, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="history-title">
                      {text.title}
                      {text.amount !== undefined && (
                        <Box
                          component="span"
                          sx={{ ml: 1, whiteSpace: 'nowrap', color: text.amount < 0 ? 'error.main' : 'success.main' }}
                          data-testid="history-amount"
                        >
                          {text.amount > 0 ? '+' : ''}
                          {formatMoney(text.amount)} {t('common.currency')}
                        </Box>
                      )}
                    </Typography>
                    {text.detail && (
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }} data-testid="history-detail">
                        {text.detail}
                      </Typography>
                    )}
                    <Typography variant="caption" color="text.secondary" component="p">
                      <Box component="time" dateTime={h.created_at} data-testid="history-date">
                        {formatDate(h.created_at)}
                      </Box>
                      {' · '}
                      <span data-testid="history-actor">{h.actor ?? t('orders.history.system')}</span>
                      {repeated && (
                        <>
                          {' · '}
                          <Box component="span" sx={{ fontWeight: 600 }} data-testid="history-repeat">
                            {repeated}
                          </Box>
                        </>
                      )}
                    </Typography>
                  </Box>
                </Box>
              );
            })}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
