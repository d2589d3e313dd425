import { kopToUah, maskCard, type Locale, type OperationDto, type PaymentDocumentDto, type PaymentDto, type WithdrawDto } from '@drop/shared';
import type { OperationRow } from './ledger.ts';
import type { DocumentRow, PaymentRow, WithdrawRow } from './finance.repository.ts';

export function presentOperation(o: OperationRow, locale: Locale): OperationDto {
  const amount = kopToUah(o.amountKop);
  return {
    id: o.id,
    type: o.type,
    amount,
    sum: amount,
    balance: kopToUah(o.balanceKop),
    comment: o.comment,
    description: locale === 'ru' ? o.descriptionRu : o.descriptionUk,
    operationable_type: o.operationableType,
    operationable_id: o.operationableId,
    created_at: o.createdAt.toISOString(),
  };
}

export function presentDocument(d: DocumentRow): PaymentDocumentDto {
  return { id: d.id, name: d.name, mime: d.mime, size: d.size, url: `/api/v1/payment-documents/${d.id}/file`, created_at: d.createdAt.toISOString() };
}

export function presentPayment(p: PaymentRow, doc: DocumentRow | undefined): PaymentDto {
  return {
    id: p.id,
    amount: kopToUah(p.amountKop),
    status: p.status,
    comment: p.comment,
    decline_reason: p.declineReason,
    credited_amount: p.creditedKop === null ? null : kopToUah(p.creditedKop),
    credit_reason: p.creditReason,
    document: doc ? presentDocument(doc) : null,
    created_at: p.createdAt.toISOString(),
    processed_at: p.processedAt ? p.processedAt.toISOString() : null,
  };
}

export function presentWithdraw(w: WithdrawRow): WithdrawDto {
  return {
    id: w.id,
    requisites: maskCard(w.cardNumber),
    amount: kopToUah(w.amountKop),
    status: w.status,
    decline_reason: w.declineReason,
    created_at: w.createdAt.toISOString(),
    paid_at: w.paidAt ? w.paidAt.toISOString() : null,
  };
}
