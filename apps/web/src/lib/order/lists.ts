import type { ConfigItem, ConfigLists } from '@drop/shared';

/** The `/config` lists the orders pages label their enums with (passed in by app/). */
export type OrderLists = Pick<
  ConfigLists,
  | 'pay_method_list'
  | 'delivery_pay_method_list'
  | 'delivery_type_list'
  | 'delivery_method_list'
  | 'delivery_service_list'
  | 'self_ttn_type_list'
  | 'order_status_list'
  | 'pay_status_list'
  | 'delivery_status_list'
>;

/** The cart's totals shown beside the checkout (passed in by app/). */
export interface CheckoutSummary {
  lines: number;
  count: number;
  drop_sum: number;
  retail_sum: number;
  profit: number;
}

export const labelOf = (list: ConfigItem[] | undefined, id: string | null | undefined): string => (id ? (list?.find((i) => i.id === id)?.name ?? id) : '');
