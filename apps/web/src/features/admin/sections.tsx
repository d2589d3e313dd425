import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import InsertChartOutlined from '@mui/icons-material/InsertChartOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import { mayAccess, type StaffArea } from '@drop/shared';

/**
 * The back office's sections: the shell builds the side navigation and the nested routes
 * (`/admin/<path>/*`) from this list, in this order. `labelKey` is a key of the `admin` namespace;
 * `access` is the STAFF_ACCESS area a role needs to open the section (the navigation lists only
 * those, and the route shows the no-access state for the others; the API answers 403 anyway).
 */
export interface AdminSection {
  path: string;
  labelKey: string;
  icon: SvgIconComponent;
  access: StaffArea;
  element: LazyExoticComponent<ComponentType>;
}

export const ADMIN_SECTIONS: AdminSection[] = [
  { path: 'orders', labelKey: 'nav.orders', icon: ReceiptLongOutlined, access: 'orders.read', element: lazy(() => import('./orders/orders-section.tsx')) },
  { path: 'printing', labelKey: 'nav.printing', icon: PrintOutlined, access: 'printing', element: lazy(() => import('./printing/printing-section.tsx')) },
  { path: 'catalog', labelKey: 'nav.catalog', icon: Inventory2Outlined, access: 'catalog', element: lazy(() => import('./catalog/catalog-section.tsx')) },
  { path: 'content', labelKey: 'nav.content', icon: ArticleOutlined, access: 'content', element: lazy(() => import('./content/content-section.tsx')) },
  { path: 'onec', labelKey: 'nav.onec', icon: SyncAltOutlined, access: 'onec', element: lazy(() => import('./onec/onec-section.tsx')) },
  {
    path: 'novaposhta',
    labelKey: 'nav.novaposhta',
    icon: LocalShippingOutlined,
    access: 'novaposhta',
    element: lazy(() => import('./novaposhta/novaposhta-section.tsx')),
  },
  { path: 'users', labelKey: 'nav.users', icon: PeopleAltOutlined, access: 'resellers.read', element: lazy(() => import('./users/users-section.tsx')) },
  { path: 'money', labelKey: 'nav.money', icon: AccountBalanceWalletOutlined, access: 'money', element: lazy(() => import('./money/money-section.tsx')) },
  { path: 'reports', labelKey: 'nav.reports', icon: InsertChartOutlined, access: 'reports', element: lazy(() => import('./reports/reports-section.tsx')) },
  { path: 'staff', labelKey: 'nav.staff', icon: BadgeOutlined, access: 'staff', element: lazy(() => import('./staff/staff-section.tsx')) },
  { path: 'audit', labelKey: 'nav.audit', icon: HistoryOutlined, access: 'audit', element: lazy(() => import('./audit/audit-section.tsx')) },
];

/** The sections `role` may open, in navigation order (none for a reseller). */
export const allowedSections = (role: string | undefined | null): AdminSection[] => ADMIN_SECTIONS.filter((s) => mayAccess(role, s.access));

/** `/admin/<path>` of the first section `role` may open (every staff role has at least the orders). */
export const firstSectionPath = (role: string | undefined | null): string => `/admin/${allowedSections(role)[0]?.path ?? 'orders'}`;
