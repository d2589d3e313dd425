import { describe, expect, it } from 'vitest';
import type { CategoryDto } from '@drop/shared';
import { categoryHref, categoryName, findCategory, menuColumns, partitionColumns, rootWeight } from './categories.ts';

const cat = (id: number, child: CategoryDto[] = [], over: Partial<CategoryDto> = {}): CategoryDto => ({
  id,
  name: `Name ${id}`,
  name_uk: `Категорія ${id}`,
  name_ru: `Категория ${id}`,
  image_url: null,
  icon: null,
  icon_color: null,
  parent_id: null,
  products_count: 0,
  child,
  ...over,
});

describe('category helpers', () => {
  it('picks the name of the UI language and falls back to the other one', () => {
    expect(categoryName(cat(1), 'uk')).toBe('Категорія 1');
    expect(categoryName(cat(1), 'ru')).toBe('Категория 1');
    expect(categoryName(cat(1, [], { name_ru: '' }), 'ru')).toBe('Категорія 1');
    expect(categoryName(cat(1, [], { name_uk: ' ' }), 'uk')).toBe('Категория 1');
  });

  it('links a category with children to its page and a leaf to its products', () => {
    expect(categoryHref(cat(5, [cat(6)]))).toBe('/dashboard/catalog/5');
    expect(categoryHref(cat(6))).toBe('/dashboard/catalog/6/products');
  });

  it('finds a category at any depth', () => {
    const tree = [cat(1, [cat(2, [cat(3)])]), cat(4)];
    expect(findCategory(tree, 3)?.name_uk).toBe('Категорія 3');
    expect(findCategory(tree, 4)?.id).toBe(4);
    expect(findCategory(tree, 99)).toBeUndefined();
    expect(findCategory(undefined, 1)).toBeUndefined();
  });

  it('splits a hover menu into two columns above 9 children', () => {
    expect(
      menuColumns(
        cat(
          1,
          Array.from({ length: 9 }, (_, i) => cat(i + 10)),
        ),
      ),
    ).toBe(1);
    expect(
      menuColumns(
        cat(
          1,
          Array.from({ length: 10 }, (_, i) => cat(i + 10)),
        ),
      ),
    ).toBe(2);
  });

  it('cuts roots into 4 balanced columns in reading order', () => {
    const sizes = [3, 8, 2, 2, 5, 6, 1, 4, 7, 3];
    const roots = sizes.map((n, i) =>
      cat(
        i + 1,
        Array.from({ length: n }, (_, j) => cat(100 * (i + 1) + j)),
      ),
    );
    const cols = partitionColumns(roots, 4, rootWeight);
    expect(cols).toHaveLength(4);
    expect(cols.flat().map((c) => c.id)).toEqual(roots.map((c) => c.id));
    const heights = cols.map((col) => col.reduce((s, c) => s + rootWeight(c), 0));
    expect(Math.max(...heights)).toBeLessThanOrEqual(18);
    expect(partitionColumns(roots.slice(0, 2), 4, rootWeight)).toHaveLength(2);
    expect(partitionColumns([], 4, rootWeight)).toEqual([]);
  });
});
