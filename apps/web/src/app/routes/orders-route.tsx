import { useTranslation } from 'react-i18next';
import { useConfig } from '../../lib/config.ts';
import { OrdersPage } from '../../features/orders/components/orders-page.tsx';

/** /dashboard/orders: the list with its statuses labelled and coloured from /config. */
export function OrdersRoute() {
  const { i18n } = useTranslation();
  const config = useConfig(i18n.language);
  return <OrdersPage lists={config.data} />;
}
