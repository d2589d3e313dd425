import type { MarketDto } from '@drop/shared';
import type { MarketWithMarkups } from './markets.repository.ts';

export function presentMarket(m: MarketWithMarkups): MarketDto {
  return {
    id: m.id,
    name: m.name,
    base_markup: { type: m.baseType === 1 ? 1 : 2, markup: Number(m.baseMarkup) },
    catalog_markup: m.categoryMarkups.map((c) => ({ id: c.categoryId, markup: c.markup })),
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}
