/** The favourite heart: ProductToggle's `favorite` kind (test id favorite-button; labels there). */
import type { SxProps, Theme } from '@mui/material/styles';
import { ProductToggle, type ToggleProduct } from './product-toggle.tsx';

export const FavoriteButton = (props: { product: ToggleProduct; size?: 'small' | 'medium'; sx?: SxProps<Theme> }) => (
  <ProductToggle kind="favorite" {...props} />
);
