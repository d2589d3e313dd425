import { lazy, type ComponentType } from 'react';
import type { RoutePrefetch } from '../../lib/route-data.ts';

interface RouteModule<T> {
  default: T;
  prefetch?: RoutePrefetch | undefined;
}

/**
 * A code-split component whose module can be fetched before its first render (`preload`, once).
 * Once fetched, its first render does not suspend: React.lazy takes a thenable that answers at
 * once, so no fallback is shown (React keeps a shown fallback at least 300 ms).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React's lazy()
function lazyRoute<T extends ComponentType<any>>(load: () => Promise<RouteModule<T>>) {
  let loaded: RouteModule<T> | undefined;
  let loading: Promise<RouteModule<T>> | undefined;
  const preload = () =>
    (loading ??= load().then((m) => {
      loaded = m;
      return m;
    }));
  const ready = (m: RouteModule<T>) => ({ then: (resolve: (value: RouteModule<T>) => void) => resolve(m) }) as unknown as Promise<{ default: T }>;
  return Object.assign(
    lazy(() => (loaded ? ready(loaded) : preload())),
    { preload },
  );
}

/** Every route component is code-split; `preloadRoutes` (router.tsx) fetches the current URL's ones early. */
export const LoginRoute = lazyRoute(() => import('./login-route.tsx').then((m) => ({ default: m.LoginRoute })));
export const RegisterRoute = lazyRoute(() => import('./register-route.tsx').then((m) => ({ default: m.RegisterRoute })));
export const ForgotPasswordRoute = lazyRoute(() => import('./forgot-password-route.tsx').then((m) => ({ default: m.ForgotPasswordRoute })));
export const NotFoundRoute = lazyRoute(() => import('./not-found-route.tsx').then((m) => ({ default: m.NotFoundRoute })));
export const DashboardHomeRoute = lazyRoute(() => import('./dashboard-home-route.tsx').then((m) => ({ default: m.DashboardHomeRoute })));
export const ProfileRoute = lazyRoute(() => import('./profile-route.tsx').then((m) => ({ default: m.ProfileRoute })));
export const UnderConstructionRoute = lazyRoute(() => import('./under-construction-route.tsx').then((m) => ({ default: m.UnderConstructionRoute })));
export const LandingRoute = lazyRoute(() => import('../../features/landing/components/landing-page.tsx').then((m) => ({ default: m.LandingPage })));
export const DashboardLayout = lazyRoute(() => import('../layouts/dashboard-layout.tsx').then((m) => ({ default: m.DashboardLayout })));
export const CatalogRoute = lazyRoute(() =>
  import('../../features/catalog/components/catalog-page.tsx').then((m) => ({ default: m.CatalogPage, prefetch: m.prefetchCatalog })),
);
export const CategoryRoute = lazyRoute(() => import('../../features/catalog/components/category-page.tsx').then((m) => ({ default: m.CategoryPage })));
export const ProductListRoute = lazyRoute(() =>
  import('./product-list-route.tsx').then((m) => ({ default: m.ProductListRoute, prefetch: m.prefetchProductList })),
);
export const ProductRoute = lazyRoute(() => import('./product-route.tsx').then((m) => ({ default: m.ProductRoute })));
export const FinancesRoute = lazyRoute(() => import('./finances-route.tsx').then((m) => ({ default: m.FinancesRoute })));
export const WithdrawsRoute = lazyRoute(() => import('./withdraws-route.tsx').then((m) => ({ default: m.WithdrawsRoute })));
export const CartRoute = lazyRoute(() => import('./cart-route.tsx').then((m) => ({ default: m.CartRoute })));
export const CheckoutRoute = lazyRoute(() => import('./checkout-route.tsx').then((m) => ({ default: m.CheckoutRoute })));
export const OrderRoute = lazyRoute(() => import('./order-route.tsx').then((m) => ({ default: m.OrderRoute })));
export const OrdersRoute = lazyRoute(() => import('./orders-route.tsx').then((m) => ({ default: m.OrdersRoute })));
export const MarketCreateRoute = lazyRoute(() => import('../../features/markets/components/market-page.tsx').then((m) => ({ default: m.MarketCreatePage })));
export const MarketEditRoute = lazyRoute(() => import('../../features/markets/components/market-page.tsx').then((m) => ({ default: m.MarketEditPage })));
export const OrderEditRoute = lazyRoute(() => import('./order-edit-route.tsx').then((m) => ({ default: m.OrderEditRoute })));
export const MarketplacesRoute = lazyRoute(() =>
  import('../../features/marketplaces/components/marketplaces-page.tsx').then((m) => ({ default: m.MarketplacesPage })),
);
export const ExportListRoute = lazyRoute(() => import('../../features/exports/components/export-list-page.tsx').then((m) => ({ default: m.ExportListPage })));
export const ExportCreateRoute = lazyRoute(() => import('./export-form-route.tsx').then((m) => ({ default: m.ExportCreateRoute })));
export const ExportEditRoute = lazyRoute(() => import('./export-form-route.tsx').then((m) => ({ default: m.ExportEditRoute })));
export const ExportHistoryRoute = lazyRoute(() =>
  import('../../features/exports/components/export-history-page.tsx').then((m) => ({ default: m.ExportHistoryPage })),
);
/** The back office (operators and admins): one lazy chunk with its own lazily loaded sections. */
export const AdminRoute = lazyRoute(() => import('../../features/admin/admin-app.tsx').then((m) => ({ default: m.AdminApp })));
