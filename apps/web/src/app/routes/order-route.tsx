import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useConfig } from '../../lib/config.ts';
import { OrderPage } from '../../features/orders/components/order-page.tsx';
import { useMoneyChanged } from './use-money-changed.ts';

/** /dashboard/order/:id: the order with its statuses labelled and coloured from /config; its actions reload the balance. */
export function OrderRoute() {
  const { id } = useParams();
  const { i18n } = useTranslation();
  const config = useConfig(i18n.language);
  const onMoneyChanged = useMoneyChanged();
  return <OrderPage key={id} id={Number(id)} lists={config.data} onMoneyChanged={onMoneyChanged} />;
}
