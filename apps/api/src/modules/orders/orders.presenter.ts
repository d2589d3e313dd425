import { kopToUah, orderStatusName, type Locale, type MediaFileDto, type OrderDto, type OrderSummaryDto } from '@drop/shared';
import { historyNote } from './history-notes.ts';
import type { MediaFileRow, OrderLineRow, OrderRow } from './orders.repository.ts';

type History = {
  h: { id: number; kind: string; from: string | null; to: string | null; note: string | null; createdAt: Date; repeatCount?: number; lastAt?: Date | null };
  actor: string | null;
};

export function presentDocument(d: MediaFileRow): MediaFileDto {
  return {
    id: d.id,
    order_id: d.orderId,
    type: d.type as MediaFileDto['type'],
    name: d.name,
    mime: d.mime,
    size: d.size,
    url: `/api/v1/media-files/${d.id}/file`,
    created_at: d.createdAt.toISOString(),
  };
}

export function presentOrder(o: OrderRow, lines: OrderLineRow[], history: History[], locale: Locale, documents: MediaFileRow[] = []): OrderDto {
  const status = o.status as OrderDto['status'];
  return {
    id: o.id,
    number: o.number,
    status,
    status_name: orderStatusName(status, locale),
    payment_status: o.paymentStatus as OrderDto['payment_status'],
    delivery_status: o.deliveryStatus as OrderDto['delivery_status'],
    payment_method: o.paymentMethod as OrderDto['payment_method'],
    payment_delivery: o.paymentDelivery as OrderDto['payment_delivery'],
    delivery_service: o.deliveryService as OrderDto['delivery_service'],
    delivery_method: o.deliveryMethod as OrderDto['delivery_method'],
    delivery_type: o.deliveryType as OrderDto['delivery_type'],
    self_ttn: o.selfTtn,
    self_ttn_type: o.selfTtnType as OrderDto['self_ttn_type'],
    last_name: o.lastName,
    first_name: o.firstName,
    middle_name: o.middleName,
    phone: o.phone,
    comment: o.comment,
    reservation_number: o.reservationNumber,
    prepayment_sum: kopToUah(o.prepaymentKop),
    client: { last_name: o.lastName, first_name: o.firstName, phone: o.phone },
    delivery: {
      city_name: o.cityName,
      city_ref: o.cityRef,
      branch_name: o.branchName,
      branch_ref: o.branchRef,
      street_name: o.streetName,
      street_ref: o.streetRef,
      house: o.house,
      appt: o.appt,
    },
    calculations: {
      wholesale_sum: kopToUah(o.wholesaleKop),
      retail_sum: kopToUah(o.retailKop),
      profit: kopToUah(o.profitKop),
      expected_accrual: kopToUah(o.expectedAccrualKop),
      prepayment_sum: kopToUah(o.prepaymentKop),
    },
    total: kopToUah(o.retailKop),
    ttn: o.ttn ?? o.selfTtn,
    tracking_status: o.trackingStatus,
    delivery_cost: o.deliveryCostKop === null ? null : kopToUah(o.deliveryCostKop),
    products: lines.map((l) => ({
      id: l.id,
      product_id: l.productId,
      b2b_code_id: l.b2bCodeId,
      name: l.name,
      vendor_code: l.vendorCode,
      qty: l.qty,
      drop_price: kopToUah(l.dropKop),
      retail_price: kopToUah(l.retailKop),
      profit: kopToUah((l.retailKop - l.dropKop) * l.qty),
    })),
    history: history.map(({ h, actor }) => ({
      id: h.id,
      kind: h.kind,
      from: h.from,
      to: h.to,
      note: historyNote(h.kind, h.note, locale),
      actor,
      created_at: h.createdAt.toISOString(),
      repeat_count: h.repeatCount ?? 1,
      last_at: h.lastAt ? h.lastAt.toISOString() : null,
    })),
    documents: documents.map(presentDocument),
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}

/** An order in lists: everything but its lines and history. */
export function presentOrderSummary(o: OrderRow, locale: Locale): OrderSummaryDto {
  const { products: _products, history: _history, documents: _documents, ...summary } = presentOrder(o, [], [], locale);
  return summary;
}
