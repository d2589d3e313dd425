import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney, type OperationDto } from '@drop/shared';
import { formatTime } from '../lib/format.ts';
import { SignedAmount } from './signed-amount.tsx';

/** Orders link to their page (SPEC: /dashboard/order/{operationable_id}). */
export const operationHref = (op: OperationDto): string | null =>
  op.type === 'order' && op.operationable_id !== null ? `/dashboard/order/${op.operationable_id}` : null;

/**
 * One balance operation. `day`: time, description with the comment, signed amount and the
 * resulting balance (finances page); `last`: date, comment or description, signed amount (home).
 */
export function OperationRow({ op, variant }: { op: OperationDto; variant: 'day' | 'last' }) {
  const { t } = useTranslation();
  const href = operationHref(op);
  const primary = variant === 'day' ? op.description : (op.comment ?? op.description);
  const secondary = variant === 'day' ? op.comment : null;
  const content = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, width: '100%', minWidth: 0 }}>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ flexShrink: 0, minWidth: variant === 'day' ? 44 : 112, fontVariantNumeric: 'tabular-nums' }}
        data-testid="operation-date"
      >
        {variant === 'day' ? formatTime(op.created_at) : formatDate(op.created_at)}
      </Typography>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere' }} color={href ? 'primary' : 'textPrimary'} data-testid="operation-text">
          {primary}
        </Typography>
        {secondary && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {secondary}
          </Typography>
        )}
      </Box>
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <SignedAmount amount={op.amount} data-testid="operation-amount" />
        {variant === 'day' && (
          <Typography variant="caption" color="text.secondary" component="div" data-testid="operation-balance">
            {t('finance.operations.balanceAfter', { balance: formatMoney(op.balance) })}
          </Typography>
        )}
      </Box>
    </Box>
  );

  return href ? (
    <ListItem disablePadding divider data-testid="operation-row" data-type={op.type}>
      <ListItemButton component={Link} to={href} sx={{ px: 1 }}>
        {content}
      </ListItemButton>
    </ListItem>
  ) : (
    <ListItem divider sx={{ px: 1 }} data-testid="operation-row" data-type={op.type}>
      {content}
    </ListItem>
  );
}
