import { AppError } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/ctx.ts';
import { devicesRepo } from './devices.repository.ts';

export const listDevices = (ctx: AuthedCtx, page: number, perPage: number) => devicesRepo.page(ctx.db, ctx.user.id, page, perPage);

export async function removeDevice(ctx: AuthedCtx, id: number) {
  const n = await devicesRepo.deleteOwned(ctx.db, ctx.user.id, id);
  if (n === 0) throw AppError.notFound();
}
