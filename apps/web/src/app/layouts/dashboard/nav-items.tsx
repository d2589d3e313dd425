import type { ReactNode } from 'react';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CategoryIcon from '@mui/icons-material/Category';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import FiberNewIcon from '@mui/icons-material/FiberNew';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import HomeIcon from '@mui/icons-material/Home';
import InventoryIcon from '@mui/icons-material/Inventory2';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StorefrontIcon from '@mui/icons-material/Storefront';

export interface NavLinkItem {
  kind: 'link';
  key: string;
  to: string;
  labelKey: string;
  icon: ReactNode;
  exact?: boolean;
}
export interface NavGroupItem {
  kind: 'group';
  key: string;
  labelKey: string;
  icon: ReactNode;
  children: NavLinkItem[];
}
export type NavItem = NavLinkItem | NavGroupItem;

export const NAV_ITEMS: NavItem[] = [
  { kind: 'link', key: 'home', to: '/dashboard', labelKey: 'nav.home', icon: <HomeIcon />, exact: true },
  { kind: 'link', key: 'catalog', to: '/dashboard/catalog', labelKey: 'nav.catalog', icon: <CategoryIcon /> },
  { kind: 'link', key: 'products', to: '/dashboard/search-products', labelKey: 'nav.products', icon: <InventoryIcon /> },
  { kind: 'link', key: 'specials', to: '/dashboard/specials', labelKey: 'nav.specials', icon: <LocalOfferIcon /> },
  { kind: 'link', key: 'news', to: '/dashboard/news', labelKey: 'nav.news', icon: <FiberNewIcon /> },
  { kind: 'link', key: 'orders', to: '/dashboard/orders', labelKey: 'nav.orders', icon: <ReceiptLongIcon /> },
  {
    kind: 'group',
    key: 'finances',
    labelKey: 'nav.finances',
    icon: <AccountBalanceWalletIcon />,
    children: [
      { kind: 'link', key: 'balance', to: '/dashboard/finances', labelKey: 'nav.balance', icon: <AccountBalanceIcon /> },
      { kind: 'link', key: 'withdraws', to: '/dashboard/withdraws', labelKey: 'nav.withdraws', icon: <CreditCardIcon /> },
    ],
  },
  { kind: 'link', key: 'export', to: '/dashboard/export-settings', labelKey: 'nav.exportSettings', icon: <FileDownloadIcon /> },
  { kind: 'link', key: 'marketplaces', to: '/dashboard/marketplaces', labelKey: 'nav.marketplaces', icon: <StorefrontIcon /> },
];

export function isActive(pathname: string, to: string, exact = false): boolean {
  if (exact) return pathname === to || pathname === `${to}/`;
  return pathname === to || pathname.startsWith(`${to}/`);
}
