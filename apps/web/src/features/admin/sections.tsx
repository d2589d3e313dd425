import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import type { SvgIconComponent } from '@mui/icons-material';

/**
 * The back office's sections: the shell builds the side navigation and the nested routes
 * (`/admin/<path>/*`) from this list, in this order. `labelKey` is a key of the `admin` namespace.
 */
export interface AdminSection {
  path: string;
  labelKey: string;
  icon: SvgIconComponent;
  element: LazyExoticComponent<ComponentType>;
}

export const ADMIN_SECTIONS: AdminSection[] = [
  { path: 'orders', labelKey: 'nav.orders', icon: ReceiptLongOutlined, element: lazy(() => import('./orders/orders-section.tsx')) },
  { path: 'catalog', labelKey: 'nav.catalog', icon: Inventory2Outlined, element: lazy(() => import('./catalog/catalog-section.tsx')) },
  { path: 'content', labelKey: 'nav.content', icon: ArticleOutlined, element: lazy(() => import('./content/content-section.tsx')) },
  { path: 'onec', labelKey: 'nav.onec', icon: SyncAltOutlined, element: lazy(() => import('./onec/onec-section.tsx')) },
  { path: 'novaposhta', labelKey: 'nav.novaposhta', icon: LocalShippingOutlined, element: lazy(() => import('./novaposhta/novaposhta-section.tsx')) },
  { path: 'users', labelKey: 'nav.users', icon: PeopleAltOutlined, element: lazy(() => import('./users/users-section.tsx')) },
  { path: 'money', labelKey: 'nav.money', icon: AccountBalanceWalletOutlined, element: lazy(() => import('./money/money-section.tsx')) },
  { path: 'audit', labelKey: 'nav.audit', icon: HistoryOutlined, element: lazy(() => import('./audit/audit-section.tsx')) },
];
