import { MARKETPLACE_NAMES, normalizePhone, orderCreateInput, priceProduct, type DraftProblem, type Marketplace, type OrderCreateInput } from '@drop/shared';
import type { MarketplaceOrderRow } from './marketplaces.repository.ts';
import type { PlacementProduct } from '../orders/orders.service.ts';
import type { pricingUser } from '../catalog/catalog.service.ts';

/**
 * What stops a draft today, and the order form it becomes. Shared by the review list (every
 * problem, per line and for the whole draft), the placement (refused while a problem the
 * reseller cannot fix by waiting remains) and the poller's automatic placement (clean drafts only).
 */

export type PricingUserOf = Awaited<ReturnType<typeof pricingUser>>;

/** Problems of the draft's data: placing it again later will not help. Stock and prices may change. */
export const STRUCTURAL: readonly DraftProblem[] = [
  'no_lines',
  'unmatched_line',
  'unknown_city',
  'unknown_branch',
  'unknown_street',
  'not_nova_poshta',
  'bad_phone',
  'missing_name',
];

export interface DraftReview {
  problems: DraftProblem[];
  lines: { problems: DraftProblem[]; product: PlacementProduct | null; dropKop: number | null }[];
}

export function reviewDraft(d: MarketplaceOrderRow, products: Map<number, PlacementProduct>, user: PricingUserOf, hiddenIds: ReadonlySet<number>): DraftReview {
  const all = new Set<DraftProblem>();
  const wanted = new Map<number, number>();
  for (const l of d.lines) if (l.productId !== null) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.qty);
  const lines = d.lines.map((l) => {
    const problems: DraftProblem[] = [];
    const product = l.productId === null ? null : (products.get(l.productId) ?? null);
    let dropKop: number | null = null;
    if (!product) problems.push('unmatched_line');
    else if (hiddenIds.has(product.categoryId)) problems.push('product_unavailable');
    else {
      const p = priceProduct(
        {
          dropKop: product.dropKop,
          oldDropKop: product.oldDropKop,
          retailKop: product.retailKop,
          categoryPath: [product.categoryId, product.parentId, product.rootId],
        },
        user,
      );
      dropKop = p.dropKop;
      if ((wanted.get(product.id) ?? l.qty) > product.qty) problems.push('out_of_stock');
      if (l.priceKop < p.dropKop) problems.push('price_below_drop');
      else if (user.recommendedFloor && l.priceKop < p.retailKop) problems.push('price_below_recommended');
    }
    for (const p of problems) all.add(p);
    return { problems, product, dropKop };
  });
  if (d.lines.length === 0) all.add('no_lines');
  if (d.delivery.problem) all.add(d.delivery.problem as DraftProblem);
  if (!normalizePhone(d.phone)) all.add('bad_phone');
  if (!d.lastName.trim() || !d.firstName.trim()) all.add('missing_name');
  return { problems: [...all], lines };
}

/**
 * The order form of a draft: Nova Poshta to the branch or the door, the recipient pays the
 * delivery; cash on delivery, or (paid on the marketplace) a prepayment of the whole sum, so the
 * carrier collects nothing and the wholesale sum is settled from the balance. The comment names
 * the marketplace order. Null when the form would not pass the placement's own checks.
 */
export function draftOrderInput(d: MarketplaceOrderRow): OrderCreateInput | null {
  const retailKop = d.lines.reduce((a, l) => a + l.priceKop * l.qty, 0);
  const courier = d.delivery.method === 'Courier';
  const label = `${MARKETPLACE_NAMES[d.marketplace as Marketplace] ?? d.marketplace} №${d.externalId}`;
  const parsed = orderCreateInput.safeParse({
    last_name: d.lastName.slice(0, 60),
    first_name: d.firstName.slice(0, 60),
    ...(d.middleName ? { middle_name: d.middleName.slice(0, 60) } : {}),
    phone: d.phone,
    delivery_service: 'NovaPoshta',
    delivery_method: courier ? 'Courier' : 'Branch',
    delivery_type: 'NovaPoshta',
    payment_delivery: 'Recipient',
    payment_method: d.payment === 'prepaid' ? 'Prepayment' : 'COD',
    ...(d.payment === 'prepaid' ? { prepayment_sum: retailKop / 100 } : {}),
    city_ref: d.delivery.cityRef ?? undefined,
    city_name: d.delivery.cityName ?? undefined,
    ...(courier
      ? {
          street_ref: d.delivery.streetRef ?? undefined,
          street_name: d.delivery.streetName ?? undefined,
          house: d.delivery.house ?? undefined,
          appt: d.delivery.appt ?? undefined,
        }
      : { branch_ref: d.delivery.branchRef ?? undefined, branch_name: d.delivery.branchName ?? undefined }),
    comment: (d.comment ? `${label}. ${d.comment}` : label).slice(0, 500),
  });
  return parsed.success ? parsed.data : null;
}
