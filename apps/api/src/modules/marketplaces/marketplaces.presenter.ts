import { kopToUah, type ConnectionDto, type ConnectionStatus, type Locale, type Marketplace, type MarketplaceOrderDto } from '@drop/shared';
import { pick } from '../catalog/catalog.presenter.ts';
import type { DraftReview } from './drafts.ts';
import type { ConnectionRow, MarketplaceOrderRow } from './marketplaces.repository.ts';

/** Never the secret: what the reseller sees of a connection. */
export function presentConnection(c: ConnectionRow, marketName: string | null, drafts: number): ConnectionDto {
  return {
    id: c.id,
    marketplace: c.marketplace as Marketplace,
    market_id: c.marketId,
    market_name: marketName,
    display: c.display,
    status: c.status as ConnectionStatus,
    last_error: c.lastError,
    last_polled_at: c.lastPolledAt?.toISOString() ?? null,
    next_poll_at: c.revokedAt ? null : c.nextPollAt.toISOString(),
    created_at: c.createdAt.toISOString(),
    drafts,
  };
}

export function presentDraft(
  d: MarketplaceOrderRow,
  marketName: string | null,
  orderNumber: string | null,
  review: DraftReview,
  locale: Locale,
): MarketplaceOrderDto {
  return {
    id: d.id,
    marketplace: d.marketplace as Marketplace,
    connection_id: d.connectionId,
    market_name: marketName,
    external_id: d.externalId,
    status: d.status as MarketplaceOrderDto['status'],
    order_id: d.orderId,
    order_number: orderNumber,
    ordered_at: d.orderedAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
    client: { last_name: d.lastName, first_name: d.firstName, middle_name: d.middleName, phone: d.phone },
    delivery: {
      service: d.delivery.service,
      method: d.delivery.method,
      carrier_name: d.delivery.carrierName,
      city_name: d.delivery.cityName,
      branch_name: d.delivery.branchName,
      street_name: d.delivery.streetName,
      house: d.delivery.house,
      appt: d.delivery.appt,
    },
    payment: d.payment as MarketplaceOrderDto['payment'],
    total: kopToUah(d.totalKop),
    comment: d.comment,
    lines: d.lines.map((l, i) => {
      const r = review.lines[i];
      return {
        ref: l.ref,
        offer_id: l.offerId,
        sku: l.sku,
        name: l.name,
        qty: l.qty,
        price: kopToUah(l.priceKop),
        product_id: l.productId,
        product_name: r?.product ? pick(locale, r.product.nameUk, r.product.nameRu) : null,
        drop_price: r?.dropKop == null ? null : kopToUah(r.dropKop),
        // A placed or dismissed draft's lines are history: today's stock and prices are no longer its problems.
        problems: d.status === 'draft' ? (r?.problems ?? []) : [],
      };
    }),
    problems: d.status === 'draft' ? review.problems : [],
    place_error: d.status === 'draft' || d.placeError === 'cancelled_on_marketplace' ? d.placeError : null,
  };
}
