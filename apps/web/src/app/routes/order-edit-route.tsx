import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useConfig } from '../../lib/config.ts';
import { OrderEditPage } from '../../features/orders/components/order-edit-page.tsx';
import { useMoneyChanged } from './use-money-changed.ts';

/** /dashboard/order/:id/edit: the edit form with the /config lists; saving may move money (a Balance order). */
export function OrderEditRoute() {
  const { id } = useParams();
  const { i18n } = useTranslation();
  const config = useConfig(i18n.language);
  const onMoneyChanged = useMoneyChanged();
  return <OrderEditPage key={id} id={Number(id)} lists={config.data} onMoneyChanged={onMoneyChanged} />;
}
