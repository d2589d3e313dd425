import { buildConfigLists, kopToUah, type Locale } from '@drop/shared';
import type { TableColumn } from '../../lib/tabular.ts';
import type { OrderLineExportRow, OrderExportRow, OperationExportRow, PaymentExportRow, UserExportRow, WithdrawExportRow } from './admin-exports.repository.ts';

/**
 * The columns of each export (issue 29), headed in the staff member's language. Money is UAH
 * (kopecks / 100), enum values are their labels in that language (the `/config` lists), times
 * are Kyiv time.
 */

type Label = { uk: string; ru: string };
const col = <R>(locale: Locale, label: Label, rest: Omit<TableColumn<R>, 'header'>): TableColumn<R> => ({ header: label[locale], ...rest });
const money = (kop: number | null | undefined) => (kop === null || kop === undefined ? null : kopToUah(kop));

/** `/config` labels by list and code, per language (built once). */
const labels = { uk: buildConfigLists('uk'), ru: buildConfigLists('ru') };
type ListName = keyof (typeof labels)['uk'];
const labelMaps = Object.fromEntries(
  (['uk', 'ru'] as const).map((l) => [
    l,
    Object.fromEntries(Object.entries(labels[l]).map(([list, items]) => [list, new Map(items.map((i) => [i.id, i.name]))])),
  ]),
) as Record<Locale, Record<ListName, Map<string, string>>>;
const label = (locale: Locale, list: ListName, code: string | null) => (code === null ? null : (labelMaps[locale][list].get(code) ?? code));

const OPERATION_TYPE: Record<string, Label> = {
  order: { uk: 'Замовлення', ru: 'Заказ' },
  payment: { uk: 'Поповнення', ru: 'Пополнение' },
  withdrawal: { uk: 'Виведення', ru: 'Вывод' },
  correction: { uk: 'Коригування', ru: 'Корректировка' },
  user_operation: { uk: 'Операція', ru: 'Операция' },
};
const TOP_UP_STATUS: Record<string, Label> = {
  Pending: { uk: 'Очікує', ru: 'Ожидает' },
  Approved: { uk: 'Зараховано', ru: 'Зачислено' },
  Declined: { uk: 'Відхилено', ru: 'Отклонено' },
};
const ROLE: Record<string, Label> = {
  reseller: { uk: 'Реселер', ru: 'Реселлер' },
  admin: { uk: 'Адміністратор', ru: 'Администратор' },
  manager: { uk: 'Менеджер', ru: 'Менеджер' },
  accountant: { uk: 'Бухгалтер', ru: 'Бухгалтер' },
  warehouse: { uk: 'Склад', ru: 'Склад' },
};
const yesNo = (locale: Locale, v: boolean) => (v ? { uk: 'так', ru: 'да' } : { uk: 'ні', ru: 'нет' })[locale];
const of = (table: Record<string, Label>, locale: Locale, code: string) => table[code]?.[locale] ?? code;

const H = {
  id: { uk: 'ID', ru: 'ID' },
  date: { uk: 'Дата', ru: 'Дата' },
  resellerId: { uk: 'ID реселера', ru: 'ID реселлера' },
  reseller: { uk: 'Реселер', ru: 'Реселлер' },
  type: { uk: 'Тип', ru: 'Тип' },
  amount: { uk: 'Сума, грн', ru: 'Сумма, грн' },
  balance: { uk: 'Баланс після, грн', ru: 'Баланс после, грн' },
  description: { uk: 'Опис', ru: 'Описание' },
  comment: { uk: 'Коментар', ru: 'Комментарий' },
  source: { uk: 'Джерело', ru: 'Источник' },
  sourceId: { uk: 'ID джерела', ru: 'ID источника' },
  status: { uk: 'Статус', ru: 'Статус' },
} satisfies Record<string, Label>;

export function operationColumns(locale: Locale): TableColumn<OperationExportRow>[] {
  return [
    col(locale, H.id, { type: 'int', value: (r) => r.id }),
    col(locale, H.date, { type: 'datetime', value: (r) => r.createdAt }),
    col(locale, H.resellerId, { type: 'int', value: (r) => r.userId }),
    col(locale, H.reseller, { value: (r) => r.userName, width: 28 }),
    col(locale, H.type, { value: (r) => of(OPERATION_TYPE, locale, r.type), width: 14 }),
    col(locale, H.amount, { type: 'money', value: (r) => money(r.amountKop) }),
    col(locale, H.balance, { type: 'money', value: (r) => money(r.balanceKop) }),
    col(locale, H.description, { value: (r) => (locale === 'ru' ? r.descriptionRu : r.descriptionUk), width: 40 }),
    col(locale, H.comment, { value: (r) => r.comment, width: 30 }),
    col(locale, H.source, { value: (r) => r.operationableType, width: 12 }),
    col(locale, H.sourceId, { type: 'int', value: (r) => r.operationableId }),
  ];
}

/** One row per order line: the order's columns, then the line's. */
export interface OrderLineRow {
  order: OrderExportRow;
  line: OrderLineExportRow | undefined;
}

export function orderColumns(locale: Locale): TableColumn<OrderLineRow>[] {
  const c = (label: Label, rest: Omit<TableColumn<OrderLineRow>, 'header'>) => col(locale, label, rest);
  const address = (o: OrderExportRow) =>
    o.deliveryMethod === 'Courier' ? [o.streetName, o.house, o.appt ? `кв. ${o.appt}` : null].filter(Boolean).join(', ') : o.branchName;
  return [
    c({ uk: 'Номер', ru: 'Номер' }, { value: (r) => r.order.number, width: 14 }),
    c(H.date, { type: 'datetime', value: (r) => r.order.createdAt }),
    c(H.status, { value: (r) => label(locale, 'order_status_list', r.order.status), width: 16 }),
    c({ uk: 'Оплата', ru: 'Оплата' }, { value: (r) => label(locale, 'pay_status_list', r.order.paymentStatus), width: 16 }),
    c({ uk: 'Доставка', ru: 'Доставка' }, { value: (r) => label(locale, 'delivery_status_list', r.order.deliveryStatus), width: 18 }),
    c({ uk: 'Спосіб оплати', ru: 'Способ оплаты' }, { value: (r) => label(locale, 'pay_method_list', r.order.paymentMethod), width: 20 }),
    c(H.resellerId, { type: 'int', value: (r) => r.order.userId }),
    c(H.reseller, { value: (r) => r.order.userName, width: 28 }),
    c({ uk: 'Отримувач', ru: 'Получатель' }, { value: (r) => [r.order.lastName, r.order.firstName, r.order.middleName].filter(Boolean).join(' '), width: 28 }),
    c({ uk: 'Телефон', ru: 'Телефон' }, { value: (r) => r.order.phone, width: 16 }),
    c({ uk: 'Місто', ru: 'Город' }, { value: (r) => r.order.cityName, width: 20 }),
    c({ uk: 'Відділення / адреса', ru: 'Отделение / адрес' }, { value: (r) => address(r.order), width: 36 }),
    c({ uk: 'ТТН', ru: 'ТТН' }, { value: (r) => r.order.ttn ?? r.order.selfTtn, width: 18 }),
    c({ uk: 'Оптова сума, грн', ru: 'Оптовая сумма, грн' }, { type: 'money', value: (r) => money(r.order.wholesaleKop) }),
    c({ uk: 'Роздрібна сума, грн', ru: 'Розничная сумма, грн' }, { type: 'money', value: (r) => money(r.order.retailKop) }),
    c({ uk: 'Прибуток, грн', ru: 'Прибыль, грн' }, { type: 'money', value: (r) => money(r.order.profitKop) }),
    c({ uk: 'Накладений платіж, грн', ru: 'Наложенный платёж, грн' }, { type: 'money', value: (r) => money(r.order.codKop) }),
    c({ uk: 'Код товару', ru: 'Код товара' }, { type: 'int', value: (r) => r.line?.b2bCodeId }),
    c({ uk: 'Артикул', ru: 'Артикул' }, { value: (r) => r.line?.vendorCode, width: 16 }),
    c({ uk: 'Товар', ru: 'Товар' }, { value: (r) => r.line?.name, width: 40 }),
    c({ uk: 'Кількість', ru: 'Количество' }, { type: 'int', value: (r) => r.line?.qty }),
    c({ uk: 'Ціна дроп, грн', ru: 'Цена дроп, грн' }, { type: 'money', value: (r) => money(r.line?.dropKop) }),
    c({ uk: 'Ціна роздрібна, грн', ru: 'Цена розничная, грн' }, { type: 'money', value: (r) => money(r.line?.retailKop) }),
    c(
      { uk: 'Прибуток рядка, грн', ru: 'Прибыль строки, грн' },
      { type: 'money', value: (r) => (r.line ? kopToUah((r.line.retailKop - r.line.dropKop) * r.line.qty) : null) },
    ),
  ];
}

export function userColumns(locale: Locale): TableColumn<UserExportRow>[] {
  const c = (label: Label, rest: Omit<TableColumn<UserExportRow>, 'header'>) => col(locale, label, rest);
  return [
    c(H.id, { type: 'int', value: (r) => r.id }),
    c({ uk: 'Імʼя', ru: 'Имя' }, { value: (r) => r.name, width: 28 }),
    c({ uk: 'E-mail', ru: 'E-mail' }, { value: (r) => r.email, width: 28 }),
    c({ uk: 'Телефон', ru: 'Телефон' }, { value: (r) => r.phone, width: 16 }),
    c({ uk: 'Місто', ru: 'Город' }, { value: (r) => r.city, width: 18 }),
    c({ uk: 'Роль', ru: 'Роль' }, { value: (r) => of(ROLE, locale, r.role), width: 14 }),
    c({ uk: 'Верифікований', ru: 'Верифицирован' }, { value: (r) => yesNo(locale, r.isVerified), width: 8 }),
    c({ uk: 'Заблокований', ru: 'Заблокирован' }, { value: (r) => yesNo(locale, r.blocked), width: 8 }),
    c({ uk: 'Знижка, %', ru: 'Скидка, %' }, { type: 'money', value: (r) => Number(r.discount) }),
    c({ uk: 'Націнка, %', ru: 'Наценка, %' }, { type: 'money', value: (r) => Number(r.markup) }),
    c({ uk: 'Баланс, грн', ru: 'Баланс, грн' }, { type: 'money', value: (r) => money(r.balanceKop) }),
    c({ uk: 'Зареєстрований', ru: 'Зарегистрирован' }, { type: 'datetime', value: (r) => r.createdAt }),
  ];
}

export function paymentColumns(locale: Locale): TableColumn<PaymentExportRow>[] {
  const c = (label: Label, rest: Omit<TableColumn<PaymentExportRow>, 'header'>) => col(locale, label, rest);
  return [
    c(H.id, { type: 'int', value: (r) => r.id }),
    c(H.date, { type: 'datetime', value: (r) => r.createdAt }),
    c(H.resellerId, { type: 'int', value: (r) => r.userId }),
    c(H.reseller, { value: (r) => r.userName, width: 28 }),
    c(H.amount, { type: 'money', value: (r) => money(r.amountKop) }),
    c(H.status, { value: (r) => of(TOP_UP_STATUS, locale, r.status), width: 14 }),
    c({ uk: 'Зараховано, грн', ru: 'Зачислено, грн' }, { type: 'money', value: (r) => (r.status === 'Approved' ? money(r.creditedKop ?? r.amountKop) : null) }),
    c(H.comment, { value: (r) => r.comment, width: 30 }),
    c({ uk: 'Причина', ru: 'Причина' }, { value: (r) => r.declineReason ?? r.creditReason, width: 30 }),
    c({ uk: 'Опрацьовано', ru: 'Обработано' }, { type: 'datetime', value: (r) => r.processedAt }),
  ];
}

export function withdrawColumns(locale: Locale): TableColumn<WithdrawExportRow>[] {
  const c = (label: Label, rest: Omit<TableColumn<WithdrawExportRow>, 'header'>) => col(locale, label, rest);
  return [
    c(H.id, { type: 'int', value: (r) => r.id }),
    c(H.date, { type: 'datetime', value: (r) => r.createdAt }),
    c(H.resellerId, { type: 'int', value: (r) => r.userId }),
    c(H.reseller, { value: (r) => r.userName, width: 28 }),
    c(H.amount, { type: 'money', value: (r) => money(r.amountKop) }),
    c(H.status, { value: (r) => label(locale, 'withdraw_status_list', r.status), width: 14 }),
    c({ uk: 'Картка', ru: 'Карта' }, { value: (r) => r.cardNumber, width: 20 }),
    c({ uk: 'Причина відхилення', ru: 'Причина отклонения' }, { value: (r) => r.declineReason, width: 30 }),
    c({ uk: 'Виплачено', ru: 'Выплачено' }, { type: 'datetime', value: (r) => r.paidAt }),
  ];
}

/**
 * The bank's payout file: one row per withdrawal to pay. The columns a Ukrainian bank's mass card
 * payout statement asks for (card, amount, recipient, purpose), then our ids to match the bank's
 * answer back. The card is a text cell: 16-19 digits would lose their last digits as a number.
 */
export function payoutColumns(locale: Locale): TableColumn<WithdrawExportRow>[] {
  const c = (label: Label, rest: Omit<TableColumn<WithdrawExportRow>, 'header'>) => col(locale, label, rest);
  return [
    c({ uk: 'Номер картки', ru: 'Номер карты' }, { value: (r) => r.cardNumber.replace(/\D/g, ''), width: 22 }),
    c({ uk: 'Сума, грн', ru: 'Сумма, грн' }, { type: 'money', value: (r) => money(r.amountKop) }),
    c({ uk: 'ПІБ отримувача', ru: 'ФИО получателя' }, { value: (r) => r.userName, width: 32 }),
    c({ uk: 'Призначення платежу', ru: 'Назначение платежа' }, { value: (r) => payoutPurpose(locale, r.id), width: 48 }),
    c({ uk: 'ID заявки', ru: 'ID заявки' }, { type: 'int', value: (r) => r.id }),
    c(H.resellerId, { type: 'int', value: (r) => r.userId }),
  ];
}

export const payoutPurpose = (locale: Locale, id: number) =>
  locale === 'ru' ? `Выплата вознаграждения по заявке №${id}` : `Виплата винагороди за заявкою №${id}`;

/** The file's name (no extension) and sheet per export, in the staff member's language. */
export const EXPORT_NAMES: Record<'orders' | 'operations' | 'users' | 'payments' | 'withdraws' | 'payouts', Label> = {
  orders: { uk: 'Замовлення', ru: 'Заказы' },
  operations: { uk: 'Операції', ru: 'Операции' },
  users: { uk: 'Реселери', ru: 'Реселлеры' },
  payments: { uk: 'Поповнення', ru: 'Пополнения' },
  withdraws: { uk: 'Виведення', ru: 'Выводы' },
  payouts: { uk: 'Виплати на картки', ru: 'Выплаты на карты' },
};
