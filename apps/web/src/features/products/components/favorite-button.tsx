/**
 * Favourite heart toggle. Test ids: favorite-button (data-active="true|false", data-pending).
 * aria-label: 'Додати до обраних' / 'Видалити з обраних' (ru: 'Добавить в избранное' / 'Удалить из избранного').
 */
import type { SxProps, Theme } from '@mui/material/styles';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import type { ProductDto } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useToggleFavorite } from '../api/toggle-favorite.ts';
import { useProductsT } from '../lib/i18n.ts';

export function FavoriteButton({ product, size = 'medium', sx }: { product: Pick<ProductDto, 'id' | 'is_favorite'>; size?: 'small' | 'medium'; sx?: SxProps<Theme> }) {
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
    <Tooltip title={label}>
      <span>
        <IconButton
          size={size}
          aria-label={label}
          disabled={toggle.isPending}
          onClick={onClick}
          data-testid="favorite-button"
          data-active={String(active)}
          data-pending={toggle.isPending ? 'true' : undefined}
          sx={{ color: active ? 'error.main' : 'text.secondary', ...sx }}
        >
          {toggle.isPending ? (
            <CircularProgress size={size === 'small' ? 18 : 22} color="inherit" aria-hidden />
          ) : active ? (
            <FavoriteIcon fontSize={size === 'small' ? 'small' : 'medium'} />
          ) : (
            <FavoriteBorderIcon fontSize={size === 'small' ? 'small' : 'medium'} />
          )}
        </IconButton>
      </span>
    </Tooltip>
  );
}
