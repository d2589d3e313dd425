import { mayAccess } from '@drop/shared';
import path from 'node:path';
import fs from 'node:fs/promises';
import { DOCUMENT_STATUSES, MEDIA_FILE_MAX_BYTES, RECEIPT_MIME_TYPES, mediaFileFields, type MediaFileDto, type OrderStatus } from '@drop/shared';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { AppError } from '../../lib/errors.ts';
import { storeChecked, type UploadedFile } from '../../lib/uploads.ts';
import { presentDocument } from './orders.presenter.ts';
import { ordersRepo } from './orders.repository.ts';
import { pushOrder } from './order-lifecycle.ts';

/** Staff who see every order's documents (an order's reader in the back office). */
const isStaff = (ctx: AuthedCtx) => mayAccess(ctx.user.role, 'orders.read');

/**
 * An order document (a SelfTTN waybill, an invoice): only on the reseller's own order, only from
 * confirmation on (400 TransitionNotAllowed before), an image or a PDF by its content, 10 MB.
 */
export async function uploadMediaFile(ctx: AuthedCtx, rawFields: Record<string, string>, file: UploadedFile | undefined): Promise<MediaFileDto> {
  const parsed = mediaFileFields.safeParse(rawFields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw AppError.field(String(issue.path[0] ?? 'order_id'), issue.message === 'invalid_value' ? 'invalid_value' : 'required');
  }
  const { order_id: orderId, type } = parsed.data;
  const order = await ordersRepo.owned(ctx.db, ctx.user.id, orderId);
  if (!order) throw AppError.notFound();
  if (!DOCUMENT_STATUSES.includes(order.status as OrderStatus)) throw AppError.business('TransitionNotAllowed', 'documents_after_confirm');
  const stored = await storeChecked(ctx.deps.config.dataDir, path.join('uploads', 'orders', String(order.id)), file, {
    maxBytes: MEDIA_FILE_MAX_BYTES,
    mimes: RECEIPT_MIME_TYPES,
    wrongType: 'not_a_document',
    fallbackName: type,
  });
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await ordersRepo.insertDocument(tx, {
        userId: ctx.user.id,
        orderId: order.id,
        type,
        name: stored.name,
        mime: stored.mime,
        size: stored.size,
        path: stored.path,
      });
      await ordersRepo.history(tx, { orderId: order.id, kind: 'document', to: 'added', note: `${type}: ${stored.name}`, actorId: ctx.user.id });
      await pushOrder(tx, ctx.deps, order);
      return presentDocument(row);
    });
  } catch (err) {
    await stored.remove();
    throw err;
  }
}

/** Removes the reseller's own document (another user's is a 404), while uploads are allowed. */
export async function deleteMediaFile(ctx: AuthedCtx, id: number): Promise<void> {
  const doc = await ordersRepo.document(ctx.db, id);
  if (!doc || doc.userId !== ctx.user.id) throw AppError.notFound();
  await ctx.db.transaction(async (tx) => {
    const order = await ordersRepo.lockOwned(tx, ctx.user.id, doc.orderId);
    if (!order) throw AppError.notFound();
    if (!DOCUMENT_STATUSES.includes(order.status as OrderStatus)) throw AppError.business('TransitionNotAllowed', 'transition_not_allowed');
    await ordersRepo.deleteDocument(tx, doc.id);
    await ordersRepo.history(tx, { orderId: order.id, kind: 'document', to: 'removed', note: `${doc.type}: ${doc.name}`, actorId: ctx.user.id });
    await pushOrder(tx, ctx.deps, order);
  });
  await fs.rm(path.join(ctx.deps.config.dataDir, doc.path), { force: true });
}

/** The document's file, for its owner or an operator; anyone else gets a 404. */
export async function mediaFile(ctx: AuthedCtx, id: number) {
  const doc = await ordersRepo.document(ctx.db, id);
  if (!doc || (doc.userId !== ctx.user.id && !isStaff(ctx))) throw AppError.notFound();
  return { doc, abs: path.join(ctx.deps.config.dataDir, doc.path) };
}
