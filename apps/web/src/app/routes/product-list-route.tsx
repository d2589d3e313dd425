import { preload } from 'react-dom';
import { ProductCartAction } from '../../features/cart/components/product-cart-action.tsx';
import { getProductsQueryOptions } from '../../features/products/api/get-products.ts';
import type { ProductListMode } from '../../features/products/api/keys.ts';
import { ProductCartSlotProvider, type RenderCartAction } from '../../features/products/components/product-cart-slot.tsx';
import { ProductListPage } from '../../features/products/components/product-list-page.tsx';
import { cardSource, PRIORITY_CARD_IMAGES } from '../../lib/images.ts';
import { productListParams } from '../../features/products/lib/list-params.ts';
import { getStoredMarketId } from '../../lib/current-market.ts';
import { parseListState, readListDefaults } from '../../features/products/lib/list-state.ts';
import { i18n } from '../../lib/i18n.ts';
import { queryClient } from '../../lib/query-client.ts';
import type { RoutePrefetch } from '../../lib/route-data.ts';

const renderCartAction: RenderCartAction = (props) => <ProductCartAction {...props} />;

/** Composes the product list with the cart: its add-to-cart / edit-cart action and dialogs. */
export function ProductListRoute({ mode }: { mode: ProductListMode }) {
  return (
    <ProductCartSlotProvider render={renderCartAction}>
      <ProductListPage mode={mode} />
    </ProductCartSlotProvider>
  );
}

const MODES: readonly ProductListMode[] = ['category', 'favorites', 'search', 'specials', 'news'];

/**
 * A first visit's products query, started with the user's (see preloadRoutes). Only on the markup
 * profile: a stored store is used only once the user is known to be verified and the store to be
 * theirs, so then the page asks itself.
 */
export const prefetchProductList: RoutePrefetch = ({ props, params, search }) => {
  const mode = MODES.find((m) => m === props.mode);
  if (!mode || getStoredMarketId() !== null) return;
  const state = parseListState(new URLSearchParams(search), readListDefaults());
  const p = productListParams(mode, params.id, state, undefined, i18n.language);
  if (!p) return;
  // The first cards' pictures (the page's largest paint) load as soon as the products are known,
  // alongside the page's render instead of after it.
  queryClient
    .fetchQuery(getProductsQueryOptions(p))
    .then((res) => {
      if (state.variant !== 'card') return;
      // The same src, srcset and sizes as the card's img, so the browser takes the preloaded file.
      for (const product of res.data.slice(0, PRIORITY_CARD_IMAGES)) {
        const { src, srcSet, sizes } = cardSource(product.images);
        preload(src, { as: 'image', fetchPriority: 'high', ...(srcSet ? { imageSrcSet: srcSet, imageSizes: sizes } : {}) });
      }
    })
    .catch(() => undefined); // the page shows the query's error
};
