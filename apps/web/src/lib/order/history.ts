/**
 * Order history entries in words (the order page's timeline). Kinds: status, payment_status,
 * delivery_status, reservation, reservation_error, reservation_retry, auto_confirm, edit, document, ttn, money, copy,
 * marketplace_source, marketplace, marketplace_error;
 * anything else is shown generically (kind, from → to, note).
 */
import type { TFunction } from 'i18next';
import { MARKETPLACE_NAMES, formatDate, isMessageKey, translate, type ConfigItem, type Marketplace } from '@drop/shared';
import { currentLocale } from '../i18n.ts';
import { labelOf, type OrderLists } from './lists.ts';

export interface HistoryEntry {
  id: number;
  kind: string;
  from: string | null;
  to: string | null;
  note: string | null;
  actor: string | null;
  created_at: string;
  /** The same event in a row (a reservation failing again with the same error): how many times, and when last. */
  repeat_count?: number | undefined;
  last_at?: string | null | undefined;
}

export type HistoryTone = 'primary' | 'info' | 'success' | 'warning' | 'error' | 'grey';

export interface HistoryText {
  title: string;
  detail?: string | undefined;
  /** A signed money amount (kind 'money'), shown green or red. */
  amount?: number | undefined;
  /** The colour of the timeline dot (a status colour from /config when there is one). */
  color?: string | undefined;
  tone: HistoryTone;
}

const RESERVATION_ACTIONS = ['create', 'update', 'confirm', 'cancel', 'export'] as const;
/** Steps of a reservation that can fail: the jobs' actions and what a 1C file asks (status, waybill). */
const RESERVATION_STEPS = ['create', 'update', 'confirm', 'cancel', 'status', 'ttn'] as const;
const MONEY_KINDS = ['balance', 'cod', 'delivery', 'return_costs', 'refund', 'adjust'] as const;
const DOCUMENT_ACTIONS = ['added', 'removed'] as const;

const MP_STATUSES = ['accepted', 'shipped', 'delivered', 'cancelled', 'returned'] as const;
const marketplaceName = (code: string | null) => (code && code in MARKETPLACE_NAMES ? MARKETPLACE_NAMES[code as Marketplace] : (code ?? ''));
const mpStatus = (s: string | null, t: TFunction) => (has(MP_STATUSES, s) ? t(`orders.history.marketplaceStatus.${s}`) : (s ?? ''));

const has = <T extends string>(list: readonly T[], v: string | null): v is T => v !== null && (list as readonly string[]).includes(v);

/** Business codes (auto-confirm refusals, reservation errors) in the user's words when known. */
const CODE_MESSAGES: Record<string, string> = {
  InsufficientBalance: 'insufficient_balance',
  QuantityIsLessRemains: 'quantity_less_remains',
  PriceIsLessDrop: 'price_less_drop',
  PriceIsLessRecommended: 'price_less_recommended',
  big_prepayment: 'big_prepayment',
  TransitionNotAllowed: 'transition_not_allowed',
  TtnExists: 'ttn_exists',
  ProductUnavailable: 'product_unavailable',
};

export function codeText(note: string | null): string | undefined {
  if (!note) return undefined;
  const key = CODE_MESSAGES[note] ?? note;
  return isMessageKey(key) ? translate(key, currentLocale()) : note;
}

const transition = (list: ConfigItem[] | undefined, from: string | null, to: string | null): string =>
  from && to ? `${labelOf(list, from)} → ${labelOf(list, to)}` : labelOf(list, to ?? from);

const colorOf = (list: ConfigItem[] | undefined, id: string | null) => (id ? list?.find((i) => i.id === id)?.color : undefined);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "×3, востаннє 12:40" for an entry that happened more than once in a row (null otherwise): the
 * time alone when the last time was the day of the first, else its date and time.
 */
export function repeatText(h: HistoryEntry, t: TFunction): string | null {
  if (!h.repeat_count || h.repeat_count < 2 || !h.last_at) return null;
  const last = new Date(h.last_at);
  const first = new Date(h.created_at);
  const sameDay = last.toDateString() === first.toDateString();
  const time = sameDay ? `${pad(last.getHours())}:${pad(last.getMinutes())}` : formatDate(last);
  return t('orders.history.repeated', { n: h.repeat_count, time });
}

export function describeHistory(h: HistoryEntry, lists: Partial<OrderLists> | undefined, t: TFunction): HistoryText {
  switch (h.kind) {
    case 'status':
      if (!h.from && h.to === 'New')
        return { title: t('orders.history.created'), detail: h.note ?? undefined, color: colorOf(lists?.order_status_list, h.to), tone: 'primary' };
      return {
        title: t('orders.history.status', { value: transition(lists?.order_status_list, h.from, h.to) }),
        detail: h.note ?? undefined,
        color: colorOf(lists?.order_status_list, h.to),
        tone: 'primary',
      };
    case 'payment_status':
      return {
        title: t('orders.history.paymentStatus', { value: transition(lists?.pay_status_list, h.from, h.to) }),
        detail: h.note ?? undefined,
        color: colorOf(lists?.pay_status_list, h.to),
        tone: 'info',
      };
    case 'delivery_status':
      return {
        title: t('orders.history.deliveryStatus', { value: transition(lists?.delivery_status_list, h.from, h.to) }),
        detail: h.note ?? undefined,
        color: colorOf(lists?.delivery_status_list, h.to),
        tone: 'info',
      };
    case 'reservation':
      return {
        title: has(RESERVATION_ACTIONS, h.to) ? t(`orders.history.reservation.${h.to}`) : t('orders.history.reservationOther', { action: h.to ?? '' }),
        detail: h.note ?? undefined,
        tone: 'grey',
      };
    case 'reservation_error':
      return {
        title: t('orders.history.reservationError', { action: has(RESERVATION_STEPS, h.to) ? t(`orders.history.reservationAction.${h.to}`) : (h.to ?? '') }),
        detail: codeText(h.note),
        tone: 'error',
      };
    case 'reservation_retry':
      return { title: t('orders.history.reservationRetry'), tone: 'grey' };
    case 'auto_confirm':
      return { title: t('orders.history.autoConfirm'), detail: codeText(h.note), tone: 'warning' };
    case 'edit':
      return { title: t('orders.history.edit'), detail: h.note ?? undefined, tone: 'primary' };
    case 'document':
      return {
        title: has(DOCUMENT_ACTIONS, h.to) ? t(`orders.history.document.${h.to}`) : t('orders.history.documentOther'),
        detail: h.note ?? undefined,
        tone: h.to === 'removed' ? 'grey' : 'info',
      };
    case 'ttn':
      return { title: t('orders.history.ttn', { ttn: h.to ?? '' }), detail: h.note ?? undefined, tone: 'info' };
    case 'money': {
      const amount = h.note !== null && /^[-+]?\d+(\.\d+)?$/.test(h.note.trim()) ? Number(h.note) : undefined;
      return {
        title: has(MONEY_KINDS, h.to) ? t(`orders.history.money.${h.to}`) : t('orders.history.moneyOther'),
        amount,
        detail: amount === undefined ? (h.note ?? undefined) : undefined,
        tone: amount !== undefined && amount < 0 ? 'error' : 'success',
      };
    }
    case 'override':
      // An admin shipped an unpaid Card order (a waybill or Complected); the note is the reason.
      return {
        title: t('orders.history.override', { what: h.to === 'ttn' ? t('orders.history.overrideTtn') : labelOf(lists?.order_status_list, h.to) }),
        detail: h.note ?? undefined,
        tone: 'warning',
      };
    case 'marketplace_source':
      return { title: t('orders.history.marketplaceSource', { marketplace: marketplaceName(h.from), id: h.to ?? '' }), tone: 'info' };
    case 'marketplace':
      return {
        title: t('orders.history.marketplace', { marketplace: marketplaceName(h.from), status: mpStatus(h.to, t) }),
        detail: h.note ? t('orders.history.marketplaceTtn', { ttn: h.note }) : undefined,
        tone: 'info',
      };
    case 'marketplace_error':
      return {
        title: h.note === 'no_connection' ? t('orders.history.marketplaceNoConnection') : t('orders.history.marketplaceError', { status: mpStatus(h.to, t) }),
        detail: h.note === 'no_connection' ? undefined : (h.note ?? undefined),
        tone: 'error',
      };
    case 'copy':
      return {
        title: h.note === 'from' ? t('orders.history.copyFrom', { number: h.to ?? '' }) : t('orders.history.copyTo', { number: h.to ?? '' }),
        tone: 'grey',
      };
    default:
      return {
        title: [h.kind, h.from || h.to ? [h.from, h.to].filter(Boolean).join(' → ') : null].filter(Boolean).join(': '),
        detail: h.note ?? undefined,
        tone: 'grey',
      };
  }
}
