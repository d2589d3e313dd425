import { describe, expect, it } from 'vitest';
import type { AdminCategoryDto } from '@drop/shared';
import { buildTree, categoryOptions, parentIds } from './tree.ts';

const c = (id: number, parent_id: number | null, name: string, sort = 0): AdminCategoryDto => ({
  id,
  parent_id,
  depth: 0,
  name_uk: name,
  name_ru: `${name}-ru`,
  sort,
  products_count: 1,
  hidden: false,
  unsorted: false,
  archive: false,
  image_url: null,
  icon: null,
  icon_color: null,
  children_count: 0,
});

describe('category tree', () => {
  it('nests children under parents, siblings by sort then name, orphans as roots', () => {
    const tree = buildTree([
      c(1, null, 'Дім', 2),
      c(2, null, 'Авто', 2),
      c(3, null, 'Сад', 1),
      c(11, 1, 'Кухня'),
      c(12, 1, 'Ванна'),
      c(111, 11, 'Посуд'),
      c(50, 999, 'Сирота', 9),
    ]);
    expect(tree.map((n) => n.name_uk)).toEqual(['Сад', 'Авто', 'Дім', 'Сирота']);
    expect(tree[2]!.children.map((n) => n.name_uk)).toEqual(['Ванна', 'Кухня']);
    expect(parentIds(tree)).toEqual([1, 11]);
    expect(categoryOptions(tree, 'ru').find((o) => o.id === 111)).toEqual({ id: 111, name: 'Посуд-ru', path: 'Дім-ru / Кухня-ru / Посуд-ru', depth: 2 });
  });
});
