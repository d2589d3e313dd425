import type { Locale } from './locale.ts';

/** Enumerations of DESIGN.md section 7; every enum travels as its English code. */
export const ORDER_STATUSES = ['New', 'Confirmed', 'Complected', 'Canceled', 'Delivered', 'Done', 'Return', 'Exchange', 'PartReturn'] as const;
export const PAY_STATUSES = ['NotPaid', 'Paid', 'WaitPaid', 'PaidFromBalance'] as const;
export const DELIVERY_STATUSES = ['New', 'CreatedTTN', 'Wait', 'OnMyWay', 'Received', 'Refusal', 'ReturnReceived', 'Deleted', 'Exchange'] as const;
export const WITHDRAW_STATUSES = ['New', 'Paid', 'Declined'] as const;
export const PAY_METHODS = ['COD', 'Card', 'Balance', 'Prepayment'] as const;
export const DELIVERY_PAY_METHODS = ['Recipient', 'Balance', 'Etalon'] as const;
export const DELIVERY_TYPES = ['NovaPoshta', 'SelfTTN'] as const;
export const DELIVERY_METHODS = ['Branch', 'Courier'] as const;
export const DELIVERY_SERVICES = ['NovaPoshta', 'Rozetka', 'UkrPoshta'] as const;
export const SELF_TTN_TYPES = ['NovaPoshta', 'UkrPoshta', 'Rozetka'] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

type Entry = { color: string; uk: string; ru: string };
type Table<T extends readonly string[]> = Record<T[number], Entry>;

const orderStatus: Table<typeof ORDER_STATUSES> = {
  New: { color: '#2196f3', uk: 'Нове', ru: 'Новый' },
  Confirmed: { color: '#3f51b5', uk: 'Підтверджене', ru: 'Подтверждён' },
  Complected: { color: '#9c27b0', uk: 'Укомплектоване', ru: 'Укомплектован' },
  Canceled: { color: '#9e9e9e', uk: 'Скасоване', ru: 'Отменён' },
  Delivered: { color: '#00bcd4', uk: 'Доставляється', ru: 'Доставляется' },
  Done: { color: '#4caf50', uk: 'Виконане', ru: 'Выполнен' },
  Return: { color: '#f44336', uk: 'Повернення', ru: 'Возврат' },
  Exchange: { color: '#ff9800', uk: 'Обмін', ru: 'Обмен' },
  PartReturn: { color: '#e91e63', uk: 'Часткове повернення', ru: 'Частичный возврат' },
};
const payStatus: Table<typeof PAY_STATUSES> = {
  NotPaid: { color: '#f44336', uk: 'Не оплачено', ru: 'Не оплачен' },
  Paid: { color: '#4caf50', uk: 'Оплачено', ru: 'Оплачен' },
  WaitPaid: { color: '#ff9800', uk: 'Очікує оплати', ru: 'Ожидает оплаты' },
  PaidFromBalance: { color: '#009688', uk: 'Оплачено з балансу', ru: 'Оплачен с баланса' },
};
const deliveryStatus: Table<typeof DELIVERY_STATUSES> = {
  New: { color: '#9e9e9e', uk: 'Невідомо', ru: 'Неизвестно' },
  CreatedTTN: { color: '#2196f3', uk: 'Створено ТТН', ru: 'Создана ТТН' },
  Wait: { color: '#ffc107', uk: 'Очікує відправлення', ru: 'Ожидает отправки' },
  OnMyWay: { color: '#00bcd4', uk: 'В дорозі', ru: 'В пути' },
  Received: { color: '#4caf50', uk: 'Отримано', ru: 'Получено' },
  Refusal: { color: '#f44336', uk: 'Відмова', ru: 'Отказ' },
  ReturnReceived: { color: '#795548', uk: 'Повернення отримано', ru: 'Возврат получен' },
  Deleted: { color: '#607d8b', uk: 'Видалено', ru: 'Удалено' },
  Exchange: { color: '#ff9800', uk: 'Обмін', ru: 'Обмен' },
};
const withdrawStatus: Table<typeof WITHDRAW_STATUSES> = {
  New: { color: '#2196f3', uk: 'Нова', ru: 'Новая' },
  Paid: { color: '#4caf50', uk: 'Виплачено', ru: 'Выплачено' },
  Declined: { color: '#f44336', uk: 'Відхилено', ru: 'Отклонено' },
};
const payMethod: Table<typeof PAY_METHODS> = {
  COD: { color: '#ff9800', uk: 'Накладений платіж', ru: 'Наложенный платёж' },
  Card: { color: '#3f51b5', uk: 'Рахунок (ФОП / платник ПДВ)', ru: 'Счёт (ФЛП / плательщик НДС)' },
  Balance: { color: '#009688', uk: 'З балансу', ru: 'С баланса' },
  Prepayment: { color: '#9c27b0', uk: 'Передоплата', ru: 'Предоплата' },
};
const deliveryPayMethod: Table<typeof DELIVERY_PAY_METHODS> = {
  Recipient: { color: '#2196f3', uk: 'Отримувач', ru: 'Получатель' },
  Balance: { color: '#009688', uk: 'З балансу', ru: 'С баланса' },
  Etalon: { color: '#fd9207', uk: 'За наш рахунок', ru: 'За наш счёт' },
};
const deliveryType: Table<typeof DELIVERY_TYPES> = {
  NovaPoshta: { color: '#e53935', uk: 'Нова Пошта', ru: 'Новая Почта' },
  SelfTTN: { color: '#607d8b', uk: 'Власна ТТН', ru: 'Своя ТТН' },
};
const deliveryMethod: Table<typeof DELIVERY_METHODS> = {
  Branch: { color: '#2196f3', uk: 'У відділення', ru: 'В отделение' },
  Courier: { color: '#ff9800', uk: "Кур'єр", ru: 'Курьер' },
};
const deliveryService: Table<typeof DELIVERY_SERVICES> = {
  NovaPoshta: { color: '#e53935', uk: 'Нова Пошта', ru: 'Новая Почта' },
  Rozetka: { color: '#43a047', uk: 'Rozetka', ru: 'Rozetka' },
  UkrPoshta: { color: '#fbc02d', uk: 'Укрпошта', ru: 'Укрпочта' },
};
const selfTtnType: Table<typeof SELF_TTN_TYPES> = {
  NovaPoshta: { color: '#e53935', uk: 'Нова Пошта', ru: 'Новая Почта' },
  UkrPoshta: { color: '#fbc02d', uk: 'Укрпошта', ru: 'Укрпочта' },
  Rozetka: { color: '#43a047', uk: 'Rozetka', ru: 'Rozetka' },
};

export interface ConfigItem {
  id: string;
  name: string;
  color: string;
}
export type ConfigLists = Record<(typeof CONFIG_LIST_NAMES)[number], ConfigItem[]>;

export const CONFIG_LIST_NAMES = [
  'order_status_list',
  'delivery_status_list',
  'pay_status_list',
  'withdraw_status_list',
  'pay_method_list',
  'delivery_pay_method_list',
  'delivery_type_list',
  'delivery_method_list',
  'delivery_service_list',
  'self_ttn_type_list',
] as const;

const tables: Record<(typeof CONFIG_LIST_NAMES)[number], Record<string, Entry>> = {
  order_status_list: orderStatus,
  delivery_status_list: deliveryStatus,
  pay_status_list: payStatus,
  withdraw_status_list: withdrawStatus,
  pay_method_list: payMethod,
  delivery_pay_method_list: deliveryPayMethod,
  delivery_type_list: deliveryType,
  delivery_method_list: deliveryMethod,
  delivery_service_list: deliveryService,
  self_ttn_type_list: selfTtnType,
};

/** Builds the `/config` lists in one language. */
export function buildConfigLists(locale: Locale): ConfigLists {
  const out = {} as ConfigLists;
  for (const name of CONFIG_LIST_NAMES) {
    out[name] = Object.entries(tables[name]).map(([id, e]) => ({ id, name: e[locale], color: e.color }));
  }
  return out;
}

/** The label of an order status in a language (the `status_name` of an order). */
export const orderStatusName = (status: OrderStatus, locale: Locale): string => orderStatus[status][locale];

/** The label of a delivery status in a language. */
export const deliveryStatusName = (status: (typeof DELIVERY_STATUSES)[number], locale: Locale): string => deliveryStatus[status][locale];
/** The label of a payment status in a language. */
export const payStatusName = (status: (typeof PAY_STATUSES)[number], locale: Locale): string => payStatus[status][locale];
