/**
 * Favourite heart toggle. Test ids: favorite-button (data-active="true|false", data-pending).
 * aria-label: 'Додати до обраних' / 'Видалити з обраних' (ru: 'Добавить в избранное' / 'Удалить из избранного').
 */
import type { SxProps, Theme } from '@mui/material/styles';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import type { ProductListItemDto } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useToggleFavorite } from '../api/toggle-favorite.ts';
import { useProductsT } from '../lib/i18n.ts';
import { ToggleIconButton } from './toggle-icon-button.tsx';

export function FavoriteButton({
  product,
  size = 'medium',
  sx,
}: {
  product: Pick<ProductListItemDto, 'id' | 'is_favorite'>;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}) {
  const { t } = useProductsT();
  const toast = useToast();
  const toggle = useToggleFavorite();
  const active = product.is_favorite;
  const label = t(active ? 'actions.removeFavorite' : 'actions.addFavorite');

  const onClick = () =>
    toggle.mutate(
      { productId: product.id, favorite: !active },
      {
        onSuccess: () => toast.success(t(active ? 'actions.favoriteRemoved' : 'actions.favoriteAdded')),
        onError: (e) => toast.error(isApiError(e) ? e.message : t('errors.action')),
      },
    );

  return (
    <ToggleIconButton
      active={active}
      pending={toggle.isPending}
      label={label}
      onClick={onClick}
      testId="favorite-button"
      activeIcon={<FavoriteIcon fontSize={size === 'small' ? 'small' : 'medium'} />}
      idleIcon={<FavoriteBorderIcon fontSize={size === 'small' ? 'small' : 'medium'} />}
      size={size}
      sx={{ color: active ? 'error.main' : 'text.secondary', ...sx }}
    />
  );
}
