/**
 * The dashboard's pages and the module each one renders (relative to src/, as lazy-routes.ts
 * imports it). The build writes one HTML per module with <link rel="modulepreload"> for the shell's
 * and the page's code, and pages.json mapping each pattern to it; the API serves it for URLs that
 * match, so a first visit fetches the page's code with the entry instead of after it has run.
 * Plain data (no imports): vite.config.ts reads it. router.test.ts checks every pattern is a route.
 */
export const PAGE_PRELOADS: readonly (readonly [pattern: string, module: string])[] = [
  ['/dashboard', 'app/routes/dashboard-home-route.tsx'],
  ['/dashboard/profile', 'app/routes/profile-route.tsx'],
  ['/dashboard/catalog', 'features/catalog/components/catalog-page.tsx'],
  ['/dashboard/catalog/:id', 'features/catalog/components/category-page.tsx'],
  ['/dashboard/catalog/:id/products', 'app/routes/product-list-route.tsx'],
  ['/dashboard/favorites', 'app/routes/product-list-route.tsx'],
  ['/dashboard/search-products', 'app/routes/product-list-route.tsx'],
  ['/dashboard/specials', 'app/routes/product-list-route.tsx'],
  ['/dashboard/news', 'app/routes/product-list-route.tsx'],
  ['/dashboard/products/:id', 'app/routes/product-route.tsx'],
  ['/dashboard/finances', 'app/routes/finances-route.tsx'],
  ['/dashboard/withdraws', 'app/routes/withdraws-route.tsx'],
  ['/dashboard/cart', 'app/routes/cart-route.tsx'],
  ['/dashboard/checkout', 'app/routes/checkout-route.tsx'],
  ['/dashboard/orders', 'app/routes/orders-route.tsx'],
  ['/dashboard/order/:id', 'app/routes/order-route.tsx'],
];
