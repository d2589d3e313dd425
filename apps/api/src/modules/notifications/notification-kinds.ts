import { deliveryStatusName, orderStatusName, type DeliveryStatus, type Locale, type NotificationKind, type OrderStatus } from '@drop/shared';

type Params = Record<string, string | number | null | undefined>;

interface KindSpec {
  /** Also sent by mail. */
  mail: boolean;
  title: (p: Params) => Record<Locale, string>;
  message: (p: Params) => Record<Locale, string>;
  /** A page of the portal the notification is about (for the mail's link). */
  link?: (p: Params) => string;
}

const s = (v: Params[string]) => String(v ?? '');

/** What each kind of notification says, in both languages; every module adds its kinds here. */
export const NOTIFICATION_KIND_SPECS: Record<NotificationKind, KindSpec> = {
  back_in_stock: {
    mail: true,
    title: () => ({ uk: 'Товар знову в наявності', ru: 'Товар снова в наличии' }),
    message: (p) => ({
      uk: `«${s(p.name_uk)}» (код ${s(p.code)}) знову в наявності. Встигніть замовити.`,
      ru: `«${s(p.name_ru)}» (код ${s(p.code)}) снова в наличии. Успейте заказать.`,
    }),
    link: (p) => `/dashboard/products/${s(p.product_id)}`,
  },
  account_verified: {
    mail: true,
    title: () => ({ uk: 'Акаунт верифіковано', ru: 'Аккаунт верифицирован' }),
    message: () => ({
      uk: 'Ваш акаунт перевірено. Тепер вам доступні магазини з націнками та всі способи оплати.',
      ru: 'Ваш аккаунт проверен. Теперь вам доступны магазины с наценками и все способы оплаты.',
    }),
    link: () => '/dashboard/profile',
  },
  payment_credited: {
    mail: true,
    title: () => ({ uk: 'Баланс поповнено', ru: 'Баланс пополнен' }),
    // `claimed` and `reason` when the operator credited another amount than claimed.
    message: (p) =>
      p.claimed
        ? {
            uk: `На ваш баланс зараховано ${s(p.amount)} грн. замість заявлених ${s(p.claimed)} грн. Причина: ${s(p.reason)}`,
            ru: `На ваш баланс зачислено ${s(p.amount)} грн. вместо заявленных ${s(p.claimed)} грн. Причина: ${s(p.reason)}`,
          }
        : {
            uk: `Поповнення на ${s(p.amount)} грн. зараховано на ваш баланс.`,
            ru: `Пополнение на ${s(p.amount)} грн. зачислено на ваш баланс.`,
          },
    link: () => '/dashboard/finances',
  },
  payment_declined: {
    mail: true,
    title: () => ({ uk: 'Поповнення відхилено', ru: 'Пополнение отклонено' }),
    message: (p) => ({
      uk: `Запит на поповнення на ${s(p.amount)} грн. відхилено. Причина: ${s(p.reason)}`,
      ru: `Запрос на пополнение на ${s(p.amount)} грн. отклонён. Причина: ${s(p.reason)}`,
    }),
    link: () => '/dashboard/finances',
  },
  withdraw_paid: {
    mail: true,
    title: () => ({ uk: 'Виведення виплачено', ru: 'Вывод выплачен' }),
    message: (p) => ({
      uk: `${s(p.amount)} грн. виплачено на картку ${s(p.card)}.`,
      ru: `${s(p.amount)} грн. выплачено на карту ${s(p.card)}.`,
    }),
    link: () => '/dashboard/withdraws',
  },
  withdraw_declined: {
    mail: true,
    title: () => ({ uk: 'Виведення відхилено', ru: 'Вывод отклонён' }),
    message: (p) => ({
      uk: `Заявку на виведення ${s(p.amount)} грн. відхилено, кошти повернуто на баланс. Причина: ${s(p.reason)}`,
      ru: `Заявка на вывод ${s(p.amount)} грн. отклонена, средства возвращены на баланс. Причина: ${s(p.reason)}`,
    }),
    link: () => '/dashboard/withdraws',
  },
  order_status: {
    mail: false,
    title: (p) => ({ uk: `Замовлення №${s(p.number)}`, ru: `Заказ №${s(p.number)}` }),
    message: (p) => ({
      uk: `Статус замовлення №${s(p.number)} змінено: «${orderStatusName(p.status as OrderStatus, 'uk')}».${p.comment ? ` ${s(p.comment)}` : ''}`,
      ru: `Статус заказа №${s(p.number)} изменён: «${orderStatusName(p.status as OrderStatus, 'ru')}».${p.comment ? ` ${s(p.comment)}` : ''}`,
    }),
    link: (p) => `/dashboard/order/${s(p.order_id)}`,
  },
  delivery_status: {
    mail: false,
    title: (p) => ({ uk: `Доставка замовлення №${s(p.number)}`, ru: `Доставка заказа №${s(p.number)}` }),
    message: (p) => ({
      uk: `ТТН ${s(p.ttn)}: «${deliveryStatusName(p.status as DeliveryStatus, 'uk')}».`,
      ru: `ТТН ${s(p.ttn)}: «${deliveryStatusName(p.status as DeliveryStatus, 'ru')}».`,
    }),
    link: (p) => `/dashboard/order/${s(p.order_id)}`,
  },
  order_settled: {
    mail: true,
    title: (p) => ({ uk: `Розрахунок за замовленням №${s(p.number)}`, ru: `Расчёт по заказу №${s(p.number)}` }),
    message: (p) => ({
      uk: Number(p.amount) >= 0 ? `Нараховано ${s(p.amount)} грн. за замовлення №${s(p.number)}.` : `Списано ${s(p.abs)} грн. за замовлення №${s(p.number)}.`,
      ru: Number(p.amount) >= 0 ? `Начислено ${s(p.amount)} грн. за заказ №${s(p.number)}.` : `Списано ${s(p.abs)} грн. за заказ №${s(p.number)}.`,
    }),
    link: (p) => `/dashboard/order/${s(p.order_id)}`,
  },
  broadcast: {
    mail: false,
    title: (p) => ({ uk: s(p.title_uk), ru: s(p.title_ru) || s(p.title_uk) }),
    message: (p) => ({ uk: s(p.message_uk), ru: s(p.message_ru) || s(p.message_uk) }),
  },
};
