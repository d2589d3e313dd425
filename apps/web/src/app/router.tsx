import { type Params, type RouteObject, matchRoutes, Navigate } from 'react-router';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { BaseLayout } from './layouts/base-layout.tsx';
import { Children, isValidElement, Suspense, type ReactNode } from 'react';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner.tsx';
import {
  AdminRoute,
  CartRoute,
  CatalogRoute,
  CategoryRoute,
  CheckoutRoute,
  DashboardHomeRoute,
  DashboardLayout,
  ExportCreateRoute,
  ExportEditRoute,
  ExportHistoryRoute,
  ExportListRoute,
  FinancesRoute,
  ForgotPasswordRoute,
  LandingRoute,
  LoginRoute,
  MarketCreateRoute,
  MarketEditRoute,
  MarketplacesRoute,
  NotFoundRoute,
  OrderEditRoute,
  OrderRoute,
  OrdersRoute,
  ProductListRoute,
  ProductRoute,
  ProfileRoute,
  RegisterRoute,
  WithdrawsRoute,
} from './routes/lazy-routes.ts';
import type { RoutePrefetch } from '../lib/route-data.ts';

export const routes: RouteObject[] = [
  {
    element: <BaseLayout />,
    children: [
      { path: '/', element: <LandingRoute /> },
      {
        path: '/register',
        element: (
          <GuestOnly>
            <RegisterRoute />
          </GuestOnly>
        ),
      },
      {
        path: '/login',
        element: (
          <GuestOnly>
            <LoginRoute />
          </GuestOnly>
        ),
      },
      { path: '/forgot-password', element: <ForgotPasswordRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
  {
    path: '/dashboard',
    element: (
      <RequireAuth>
        <Suspense fallback={<FullScreenSpinner />}>
          <DashboardLayout />
        </Suspense>
      </RequireAuth>
    ),
    children: [
      { index: true, element: <DashboardHomeRoute /> },
      { path: 'profile', element: <ProfileRoute /> },
      { path: 'catalog', element: <CatalogRoute /> },
      { path: 'catalog/:id', element: <CategoryRoute /> },
      { path: 'catalog/:id/products', element: <ProductListRoute mode="category" /> },
      { path: 'favorites', element: <ProductListRoute mode="favorites" /> },
      { path: 'search-products', element: <ProductListRoute mode="search" /> },
      { path: 'specials', element: <ProductListRoute mode="specials" /> },
      { path: 'news', element: <ProductListRoute mode="news" /> },
      { path: 'products/:id', element: <ProductRoute /> },
      { path: 'finances', element: <FinancesRoute /> },
      { path: 'withdraws', element: <WithdrawsRoute /> },
      { path: 'cart', element: <CartRoute /> },
      { path: 'checkout', element: <CheckoutRoute /> },
      { path: 'orders', element: <OrdersRoute /> },
      { path: 'order/:id', element: <OrderRoute /> },
      { path: 'order/:id/edit', element: <OrderEditRoute /> },
      { path: 'markets/create', element: <MarketCreateRoute /> },
      { path: 'markets/:id', element: <MarketEditRoute /> },
      { path: 'export-settings', element: <ExportListRoute /> },
      { path: 'marketplaces', element: <MarketplacesRoute /> },
      { path: 'export-settings/create', element: <ExportCreateRoute /> },
      { path: 'export-settings/:id/edit', element: <ExportEditRoute /> },
      { path: 'export-settings/:id/history', element: <ExportHistoryRoute /> },
      // An order is placed from the cart: the old "new order" address leads to the checkout.
      { path: 'orders/create', element: <Navigate to="/dashboard/checkout" replace /> },
    ],
  },
  {
    // The back office: no token -> /login; a reseller -> "no access"; operators and admins -> the shell.
    path: '/admin/*',
    element: (
      <RequireAuth>
        <Suspense fallback={<FullScreenSpinner />}>
          <AdminRoute />
        </Suspense>
      </RequireAuth>
    ),
  },
];

/**
 * Starts fetching the code of every lazy component the routes matching `pathname` render (the
 * dashboard shell and the page together), instead of one after the other as each one renders.
 * With `withData` (a signed-in visit), a page module's `prefetch` then starts its first queries.
 * Resolves once the modules have loaded (or failed).
 */
export function preloadRoutes(pathname: string, { search = '', withData = false }: { search?: string; withData?: boolean } = {}): Promise<void> {
  const loads: Promise<unknown>[] = [];
  const visit = (node: ReactNode, params: Params) => {
    if (!isValidElement(node)) return;
    const props = node.props as Record<string, unknown> & { children?: ReactNode };
    const preload = (node.type as { preload?: () => Promise<{ prefetch?: RoutePrefetch | undefined }> }).preload;
    if (typeof preload === 'function') {
      const load = preload();
      loads.push(load);
      load.then((m) => (withData ? m.prefetch?.({ props, params, search }) : undefined)).catch(() => undefined); // the render reports a failed load, the page a failed query
    }
    Children.forEach(props.children, (child) => visit(child, params));
  };
  for (const match of matchRoutes(routes, pathname) ?? []) visit(match.route.element, match.params);
  // Settles once every module has loaded or failed (a failure is the render's to report).
  return Promise.allSettled(loads).then(() => undefined);
}
