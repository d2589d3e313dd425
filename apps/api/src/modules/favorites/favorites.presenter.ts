import type { FavoriteDto, ProductNotificationDto } from '@drop/shared';

export const presentFavorite = (r: { id: number; productId: number; createdAt: Date }): FavoriteDto => ({
  id: r.id,
  product_id: r.productId,
  created_at: r.createdAt.toISOString(),
});

export const presentSubscription = (r: { id: number; codeId: number; createdAt: Date }): ProductNotificationDto => ({
  id: r.id,
  code_id: r.codeId,
  created_at: r.createdAt.toISOString(),
});
