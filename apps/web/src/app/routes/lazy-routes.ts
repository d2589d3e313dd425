import { lazy } from 'react';

/** Every route component is code-split. */
export const LoginRoute = lazy(() => import('./login-route.tsx').then((m) => ({ default: m.LoginRoute })));
export const RegisterRoute = lazy(() => import('./register-route.tsx').then((m) => ({ default: m.RegisterRoute })));
export const ForgotPasswordRoute = lazy(() => import('./forgot-password-route.tsx').then((m) => ({ default: m.ForgotPasswordRoute })));
export const NotFoundRoute = lazy(() => import('./not-found-route.tsx').then((m) => ({ default: m.NotFoundRoute })));
export const DashboardHomeRoute = lazy(() => import('./dashboard-home-route.tsx').then((m) => ({ default: m.DashboardHomeRoute })));
export const ProfileRoute = lazy(() => import('./profile-route.tsx').then((m) => ({ default: m.ProfileRoute })));
export const UnderConstructionRoute = lazy(() => import('./under-construction-route.tsx').then((m) => ({ default: m.UnderConstructionRoute })));
export const LandingRoute = lazy(() => import('../../features/landing/components/landing-page.tsx').then((m) => ({ default: m.LandingPage })));
export const DashboardLayout = lazy(() => import('../layouts/dashboard-layout.tsx').then((m) => ({ default: m.DashboardLayout })));
export const CatalogRoute = lazy(() => import('../../features/catalog/components/catalog-page.tsx').then((m) => ({ default: m.CatalogPage })));
export const CategoryRoute = lazy(() => import('../../features/catalog/components/category-page.tsx').then((m) => ({ default: m.CategoryPage })));
export const ProductListRoute = lazy(() => import('./product-list-route.tsx').then((m) => ({ default: m.ProductListRoute })));
export const ProductRoute = lazy(() => import('./product-route.tsx').then((m) => ({ default: m.ProductRoute })));
export const FinancesRoute = lazy(() => import('./finances-route.tsx').then((m) => ({ default: m.FinancesRoute })));
export const WithdrawsRoute = lazy(() => import('./withdraws-route.tsx').then((m) => ({ default: m.WithdrawsRoute })));
export const CartRoute = lazy(() => import('./cart-route.tsx').then((m) => ({ default: m.CartRoute })));
export const CheckoutRoute = lazy(() => import('./checkout-route.tsx').then((m) => ({ default: m.CheckoutRoute })));
export const OrderRoute = lazy(() => import('./order-route.tsx').then((m) => ({ default: m.OrderRoute })));
export const OrdersRoute = lazy(() => import('./orders-route.tsx').then((m) => ({ default: m.OrdersRoute })));
export const MarketCreateRoute = lazy(() => import('../../features/markets/components/market-page.tsx').then((m) => ({ default: m.MarketCreatePage })));
export const MarketEditRoute = lazy(() => import('../../features/markets/components/market-page.tsx').then((m) => ({ default: m.MarketEditPage })));
export const OrderEditRoute = lazy(() => import('./order-edit-route.tsx').then((m) => ({ default: m.OrderEditRoute })));
export const ExportListRoute = lazy(() => import('../../features/exports/components/export-list-page.tsx').then((m) => ({ default: m.ExportListPage })));
export const ExportCreateRoute = lazy(() => import('./export-form-route.tsx').then((m) => ({ default: m.ExportCreateRoute })));
export const ExportEditRoute = lazy(() => import('./export-form-route.tsx').then((m) => ({ default: m.ExportEditRoute })));
export const ExportHistoryRoute = lazy(() => import('../../features/exports/components/export-history-page.tsx').then((m) => ({ default: m.ExportHistoryPage })));
/** The back office (operators and admins): one lazy chunk with its own lazily loaded sections. */
export const AdminRoute = lazy(() => import('../../features/admin/admin-app.tsx').then((m) => ({ default: m.AdminApp })));
