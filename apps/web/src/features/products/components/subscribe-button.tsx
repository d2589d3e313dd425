/**
 * Back-in-stock bell toggle (by code_id). Test ids: subscribe-button (data-active="true|false", data-pending).
 * aria-label: 'Повідомити про надходження' / 'Скасувати повідомлення про надходження'
 * (ru: 'Сообщить о поступлении' / 'Отменить сообщение о поступлении').
 */
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import type { ProductListItemDto } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useToggleSubscription } from '../api/toggle-subscription.ts';
import { useProductsT } from '../lib/i18n.ts';
import { ToggleIconButton } from './toggle-icon-button.tsx';

export function SubscribeButton({ product, size = 'medium' }: { product: Pick<ProductListItemDto, 'code_id' | 'is_subscribed'>; size?: 'small' | 'medium' }) {
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
    <ToggleIconButton
      active={active}
      pending={toggle.isPending}
      label={label}
      onClick={onClick}
      testId="subscribe-button"
      activeIcon={<NotificationsActiveIcon fontSize={size === 'small' ? 'small' : 'medium'} />}
      idleIcon={<NotificationsNoneIcon fontSize={size === 'small' ? 'small' : 'medium'} />}
      size={size}
      color={active ? 'primary' : 'default'}
    />
  );
}
