import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../ui/empty-state.tsx';

/** The building blocks of an order page, the reseller's and the back office's: a titled card, label/value rows, and the not-found/error/loading states. */
export function Section({ title, children, testId, id }: { title: string; children: ReactNode; testId?: string; id: string }) {
  return (
    <Card component="section" aria-labelledby={id} data-testid={testId}>
      <CardContent>
        <Typography id={id} variant="h3" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export function Rows({ rows }: { rows: [string, ReactNode, string?][] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
      {rows.map(([label, value, testId]) => (
        <Box key={label} sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, textAlign: 'right', overflowWrap: 'anywhere', minWidth: 0 }} data-testid={testId}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The not-found, error and loading states shared by the order and its edit page. */
export function OrderStates({ state, error, onRetry }: { state: 'not-found' | 'error' | 'loading'; error?: Error | null | undefined; onRetry: () => void }) {
  const { t } = useTranslation();
  if (state === 'not-found')
    return (
      <EmptyState
        title={t('orders.page.notFound')}
        text={t('orders.page.notFoundText')}
        icon={<SearchOffIcon />}
        testId="order-not-found"
        action={
          <Button component={RouterLink} to="/dashboard/orders" variant="contained">
            {t('orders.page.toOrders')}
          </Button>
        }
      />
    );
  if (state === 'error')
    return (
      <EmptyState
        title={t('errors.loadFailed')}
        text={error?.message}
        icon={<ErrorOutlineIcon />}
        testId="order-error"
        action={
          <Button variant="contained" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  return (
    <Box aria-busy="true" aria-label={t('common.loading')} data-testid="order-loading">
      <Skeleton width="40%" height={40} sx={{ mb: 1 }} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' }, mb: 2 }}>
        <Skeleton variant="rounded" height={180} />
        <Skeleton variant="rounded" height={180} />
        <Skeleton variant="rounded" height={180} />
      </Box>
      <Skeleton variant="rounded" height={160} />
    </Box>
  );
}
