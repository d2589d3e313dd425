/**
 * Back-in-stock bell toggle (by code_id). Test ids: subscribe-button (data-active="true|false", data-pending).
 * aria-label: 'Повідомити про надходження' / 'Скасувати повідомлення про надходження'
 * (ru: 'Сообщить о поступлении' / 'Отменить сообщение о поступлении').
 */
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import type { ProductDto } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useToggleSubscription } from '../api/toggle-subscription.ts';
import { useProductsT } from '../lib/i18n.ts';

export function SubscribeButton({ product, size = 'medium' }: { product: Pick<ProductDto, 'code_id' | 'is_subscribed'>; size?: 'small' | 'medium' }) {
  const { t } = useProductsT();
  const toast = useToast();
  const toggle = useToggleSubscription();
  const active = product.is_subscribed;
  const label = t(active ? 'actions.unsubscribe' : 'actions.subscribe');

  const onClick = () =>
    toggle.mutate(
      { codeId: product.code_id, subscribed: !active },
      {
        onSuccess: () => toast.success(t(active ? 'actions.unsubscribed' : 'actions.subscribed')),
        onError: (e) => toast.error(isApiError(e) ? e.message : t('errors.action')),
      },
    );

  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size={size}
          color={active ? 'primary' : 'default'}
          aria-label={label}
          disabled={toggle.isPending}
          onClick={onClick}
          data-testid="subscribe-button"
          data-active={String(active)}
          data-pending={toggle.isPending ? 'true' : undefined}
        >
          {toggle.isPending ? (
            <CircularProgress size={size === 'small' ? 18 : 22} color="inherit" aria-hidden />
          ) : active ? (
            <NotificationsActiveIcon fontSize={size === 'small' ? 'small' : 'medium'} />
          ) : (
            <NotificationsNoneIcon fontSize={size === 'small' ? 'small' : 'medium'} />
          )}
        </IconButton>
      </span>
    </Tooltip>
  );
}
