import type { OrderPrintKind } from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { AppError } from '../../lib/errors.ts';
import { supplierRequisites } from '../settings/supplier-requisites.ts';
import type { OrderRow } from './orders.repository.ts';

/**
 * The waybill a marking prints: the carrier's (ours through NP or an operator's) unless it was
 * deleted, else the reseller's own (SelfTTN); null when there is none.
 */
export function waybillOf(o: OrderRow): string | null {
  if (o.ttn && o.deliveryStatus !== 'Deleted') return o.ttn;
  return o.selfTtn || null;
}

/**
 * Refuses what cannot be printed as `kind`, with the error the single print gives:
 * marking without a waybill -> 400 NoWaybill; an invoice for a non-Card order -> 400
 * NotCardOrder, or without the supplier's requisites -> 400 RequisitesMissing. A packing list
 * can always be printed. An orders rule: the bulk action (orders-bulk.service.ts) checks each
 * order with it before printing, and modules/printing before it draws one.
 */
export async function assertPrintable(ctx: AuthedCtx, o: OrderRow, kind: OrderPrintKind): Promise<void> {
  if (kind === 'marking') {
    if (!waybillOf(o)) throw AppError.business('NoWaybill', 'no_waybill');
  } else if (kind === 'invoice') {
    if (o.paymentMethod !== 'Card') throw AppError.business('NotCardOrder', 'not_card_order');
    if (!(await supplierRequisites(ctx.db))) throw AppError.business('RequisitesMissing', 'requisites_missing');
  }
}
