import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useConfig } from '../../features/config/api/get-config.ts';
import { OrderPage } from '../../features/orders/components/order-page.tsx';

/** /dashboard/order/:id: the order with its statuses labelled and coloured from /config. */
export function OrderRoute() {
  const { id } = useParams();
  const { i18n } = useTranslation();
  const config = useConfig(i18n.language);
  return <OrderPage key={id} id={Number(id)} lists={config.data} />;
}
