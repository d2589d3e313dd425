/**
 * The product's two icon toggles, one component: the favourite heart (by product id) and the
 * back-in-stock bell (by code_id). A click flips the state through the kind's mutation, toasts the
 * outcome (the API's message on a refusal) and shows a spinner, disabled, while the call runs.
 * Test ids: favorite-button / subscribe-button (data-active="true|false", data-pending).
 * aria-label (uk / ru): 'Додати до обраних' / 'Видалити з обраних' ('Добавить в избранное' /
 * 'Удалить из избранного'); 'Повідомити про надходження' / 'Скасувати повідомлення про надходження'
 * ('Сообщить о поступлении' / 'Отменить сообщение о поступлении').
 */
import type { ComponentType } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import type { ProductListItemDto } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useToggleFavorite } from '../api/toggle-favorite.ts';
import { useToggleSubscription } from '../api/toggle-subscription.ts';
import { useProductsT } from '../lib/i18n.ts';

type ProductsKey = Parameters<ReturnType<typeof useProductsT>['t']>[0];
type Callbacks = { onSuccess: () => void; onError: (e: unknown) => void };
/** A kind's state for one product: on or off, the call running, and how to set it. */
type ToggleState = { active: boolean; pending: boolean; set: (next: boolean, callbacks: Callbacks) => void };

export type ToggleProduct = Pick<ProductListItemDto, 'id' | 'code_id' | 'is_favorite' | 'is_subscribed'>;

function useFavorite(p: Pick<ToggleProduct, 'id' | 'is_favorite'>): ToggleState {
  const m = useToggleFavorite();
  return { active: p.is_favorite, pending: m.isPending, set: (favorite, cb) => m.mutate({ productId: p.id, favorite }, cb) };
}

function useSubscription(p: Pick<ToggleProduct, 'code_id' | 'is_subscribed'>): ToggleState {
  const m = useToggleSubscription();
  return { active: p.is_subscribed, pending: m.isPending, set: (subscribed, cb) => m.mutate({ codeId: p.code_id, subscribed }, cb) };
}

interface ToggleKind {
  testId: string;
  useToggle: (p: ToggleProduct) => ToggleState;
  /** aria-label and tooltip: [off, on]; the toast after a change: [now off, now on]. */
  label: readonly [ProductsKey, ProductsKey];
  done: readonly [ProductsKey, ProductsKey];
  icon: readonly [ComponentType<{ fontSize: 'small' | 'medium' }>, ComponentType<{ fontSize: 'small' | 'medium' }>];
  look: (active: boolean) => { color?: IconButtonProps['color']; sx?: SxProps<Theme> };
}

const KINDS = {
  favorite: {
    testId: 'favorite-button',
    useToggle: useFavorite,
    label: ['actions.addFavorite', 'actions.removeFavorite'],
    done: ['actions.favoriteRemoved', 'actions.favoriteAdded'],
    icon: [FavoriteBorderIcon, FavoriteIcon],
    look: (active) => ({ sx: { color: active ? 'error.main' : 'text.secondary' } }),
  },
  subscribe: {
    testId: 'subscribe-button',
    useToggle: useSubscription,
    label: ['actions.subscribe', 'actions.unsubscribe'],
    done: ['actions.unsubscribed', 'actions.subscribed'],
    icon: [NotificationsNoneIcon, NotificationsActiveIcon],
    look: (active) => (active ? { color: 'primary' } : {}),
  },
} satisfies Record<string, ToggleKind>;

export type ToggleKindName = keyof typeof KINDS;

export function ProductToggle({
  kind,
  product,
  size = 'medium',
  sx,
}: {
  kind: ToggleKindName;
  product: ToggleProduct;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}) {
  const { t } = useProductsT();
  const toast = useToast();
  const k: ToggleKind = KINDS[kind];
  const { active, pending, set } = k.useToggle(product);
  const label = t(k.label[Number(active)]!);
  const Icon = k.icon[Number(active)]!;
  const look = k.look(active);

  const onClick = () =>
    set(!active, {
      onSuccess: () => toast.success(t(k.done[Number(!active)]!)),
      onError: (e) => toast.error(isApiError(e) ? e.message : t('errors.action')),
    });

  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size={size}
          {...(look.color ? { color: look.color } : {})}
          aria-label={label}
          disabled={pending}
          onClick={onClick}
          data-testid={k.testId}
          data-active={String(active)}
          data-pending={pending ? 'true' : undefined}
          {...(look.sx || sx ? { sx: { ...(look.sx as object), ...(sx as object) } as SxProps<Theme> } : {})}
        >
          {pending ? <CircularProgress size={size === 'small' ? 18 : 22} color="inherit" aria-hidden /> : <Icon fontSize={size} />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
