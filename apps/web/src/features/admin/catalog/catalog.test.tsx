import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCategoryDto, AdminProductDto } from '@drop/shared';
import { expectSameLocaleKeys } from '../../../test/locales.ts';
import { Reply, mockApi, page, renderSection, setDesktop } from '../orders/test-utils.tsx';
import CatalogSection from './catalog-section.tsx';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

const cat = (id: number, parent_id: number | null, name: string, sort = 0): AdminCategoryDto => ({ id, parent_id, depth: parent_id ? 1 : 0, name_uk: name, name_ru: `${name} ru`, sort, products_count: 3, hidden: false, unsorted: false });
const CATS = [cat(1, null, 'Дім', 1), cat(2, null, 'Авто', 2), cat(11, 1, 'Кухня'), cat(12, 1, 'Ванна')];

const product = (over: Partial<AdminProductDto> = {}): AdminProductDto => ({
  id: 5,
  b2b_code_id: 1005,
  code_id: 5,
  vendor_code: 'BA-5',
  name_uk: 'Чохол для телефону',
  name_ru: 'Чехол для телефона',
  category_id: 11,
  drop_price: 75.26,
  old_drop_price: null,
  retail_price: 94,
  qty: 0,
  reserved: 0,
  is_new: false,
  thumb: '/images/5/thumb.webp',
  updated_at: '2026-01-01T10:00:00Z',
  description_uk: 'Опис',
  description_ru: 'Описание',
  brand: 'Baseus',
  images: [{ id: 71, sort: 0, original: '/images/5/1.webp', thumb: '/images/5/1-thumb.webp' }],
  properties: [{ property_type_id: 3, property_value_id: 30, value_uk: 'Чорний', value_ru: 'Чёрный' }],
  ...over,
});

describe('admin catalogue', () => {
  beforeEach(() => setDesktop(true));
  afterEach(() => vi.unstubAllGlobals());

  it('locales: uk and ru have the same keys, none empty', () => {
    expectSameLocaleKeys(uk, ru);
  });

  it('categories: a tree that expands, adds a child and renames with validation', async () => {
    const api = mockApi((c) => {
      if (c.path === '/admin/catalog/categories' && c.method === 'GET') return { data: CATS };
      if (c.path === '/admin/catalog/categories' && c.method === 'POST') return { data: cat(13, 1, 'Спальня') };
      if (c.path === '/admin/catalog/categories/2' && c.method === 'PUT') return { data: cat(2, null, 'Автотовари') };
      return undefined;
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/categories');
    await waitFor(() => expect(screen.getAllByTestId('category-node').map((n) => n.dataset.categoryId)).toEqual(['1', '2']));
    fireEvent.click(screen.getByRole('button', { name: 'Розгорнути «Дім»' }));
    expect(screen.getAllByTestId('category-node').map((n) => n.dataset.categoryId)).toEqual(['1', '12', '11', '2']);
    fireEvent.click(screen.getByRole('button', { name: 'Згорнути «Дім»' }));
    expect(screen.getAllByTestId('category-node')).toHaveLength(2);

    fireEvent.click(screen.getByTestId('category-add-child-1'));
    let dialog = await screen.findByTestId('category-dialog');
    expect(within(dialog).getByText('Нова підкатегорія в «Дім»')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('category-name-uk'), { target: { value: 'Спальня' } });
    fireEvent.change(within(dialog).getByTestId('category-name-ru'), { target: { value: 'Спальня' } });
    fireEvent.change(within(dialog).getByTestId('category-sort'), { target: { value: '5' } });
    fireEvent.click(within(dialog).getByTestId('category-submit'));
    await waitFor(() => expect(api.find('POST', '/admin/catalog/categories')[0]?.body).toEqual({ name_uk: 'Спальня', name_ru: 'Спальня', sort: 5, parent_id: 1 }));
    await waitFor(() => expect(screen.queryByTestId('category-dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('category-edit-2'));
    dialog = await screen.findByTestId('category-dialog');
    expect((within(dialog).getByTestId('category-name-ru') as HTMLInputElement).value).toBe('Авто ru');
    fireEvent.change(within(dialog).getByTestId('category-name-uk'), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByTestId('category-submit'));
    await within(dialog).findByText("Поле обов'язкове для заповнення");
    expect(api.find('PUT', '/admin/catalog/categories/2')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('category-name-uk'), { target: { value: 'Автотовари' } });
    fireEvent.click(within(dialog).getByTestId('category-submit'));
    await waitFor(() => expect(api.find('PUT', '/admin/catalog/categories/2')[0]?.body).toEqual({ name_uk: 'Автотовари', name_ru: 'Авто ru', sort: 2 }));
  });

  it('products: filters from the URL and the chips go to the API; rows open the editor', async () => {
    const api = mockApi((c) => {
      if (c.path === '/admin/catalog/categories') return { data: CATS };
      if (c.path === '/admin/catalog/products') return page([{ ...product(), old_drop_price: 80 }], 41, 3);
      return undefined;
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/products?category_id=11&in_stock=false&search=чохол');
    const row = await screen.findByTestId('product-row');
    expect(within(row).getByRole('link', { name: 'Чохол для телефону' }).getAttribute('href')).toBe('/admin/catalog/products/5');
    expect(row.textContent).toContain('Акція');
    expect(row.textContent).toContain('Дім / Кухня');
    expect(screen.getByTestId('products-total').textContent).toBe('Знайдено: 41');
    expect(Object.fromEntries(api.find('GET', '/admin/catalog/products').at(-1)!.query)).toEqual({ search: 'чохол', category_id: '11', in_stock: 'false', page: '1', per_page: '20' });
    fireEvent.click(screen.getByTestId('products-specials'));
    await waitFor(() => expect(api.find('GET', '/admin/catalog/products').at(-1)!.query.get('specials')).toBe('true'));
    expect(screen.getByTestId('location').textContent).toContain('specials=true');
  });

  it('editor: validates prices, warns about the restock alerts and saves the whole product', async () => {
    let current = product();
    const api = mockApi((c) => {
      if (c.path === '/admin/catalog/categories') return { data: CATS };
      if (c.path === '/admin/catalog/properties') return { data: [{ id: 3, name_uk: 'Колір', name_ru: 'Цвет', values_count: 2 }] };
      if (c.path === '/admin/catalog/properties/3/values') return { data: [{ id: 30, property_type_id: 3, value_uk: 'Чорний', value_ru: 'Чёрный' }, { id: 31, property_type_id: 3, value_uk: 'Білий', value_ru: 'Белый' }] };
      if (c.path === '/admin/catalog/products/5' && c.method === 'GET') return { data: current };
      if (c.path === '/admin/catalog/products/5' && c.method === 'PUT') {
        const b = c.body as { drop_price: number; qty: number };
        if (b.drop_price > 1000) return new Reply(422, { message: 'Невірні дані', errors: { drop_price: ['Занадто дорого'] } });
        current = { ...current, drop_price: b.drop_price, qty: b.qty };
        return { data: current };
      }
      return undefined;
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/products/5');
    await screen.findByTestId('product-form');
    expect((screen.getByTestId('field-drop_price') as HTMLInputElement).value).toBe('75.26');
    await waitFor(() => expect((screen.getByTestId('property-value-0') as HTMLInputElement).value).toBe('Чорний'));
    expect(screen.queryByTestId('restock-alert')).toBeNull();

    fireEvent.change(screen.getByTestId('field-drop_price'), { target: { value: '12.345' } });
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(screen.getByTestId('field-drop_price').getAttribute('aria-invalid')).toBe('true'));
    expect(api.find('PUT', '/admin/catalog/products/5')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('field-drop_price'), { target: { value: '2000' } });
    fireEvent.change(screen.getByTestId('field-qty'), { target: { value: '12' } });
    expect(screen.getByTestId('restock-alert')).toBeTruthy();
    fireEvent.click(screen.getByTestId('product-save'));
    await screen.findByText('Занадто дорого');

    fireEvent.change(screen.getByTestId('field-drop_price'), { target: { value: '80,5' } });
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(api.find('PUT', '/admin/catalog/products/5')).toHaveLength(2));
    expect(api.find('PUT', '/admin/catalog/products/5')[1]!.body).toEqual({
      name_uk: 'Чохол для телефону',
      name_ru: 'Чехол для телефона',
      description_uk: 'Опис',
      description_ru: 'Описание',
      brand: 'Baseus',
      category_id: 11,
      drop_price: 80.5,
      retail_price: 94,
      old_drop_price: null,
      qty: 12,
      is_new: false,
      property_value_ids: [30],
    });
    expect((await screen.findByTestId('toast')).textContent).toContain('підписників сповіщено');
    await waitFor(() => expect(screen.queryByTestId('restock-alert')).toBeNull());
  });

  it('editor: a value beyond the first page of its type is named from the product itself', async () => {
    mockApi((c) => {
      if (c.path === '/admin/catalog/categories') return { data: CATS };
      if (c.path === '/admin/catalog/properties') return { data: [{ id: 3, name_uk: 'Колір', name_ru: 'Цвет', values_count: 500 }] };
      if (c.path === '/admin/catalog/properties/3/values') return { data: [{ id: 31, property_type_id: 3, value_uk: 'Білий', value_ru: 'Белый' }] };
      if (c.path === '/admin/catalog/products/5') return { data: product() };
      return undefined;
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/products/5');
    await screen.findByTestId('product-form');
    await waitFor(() => expect((screen.getByTestId('property-value-0') as HTMLInputElement).value).toBe('Чорний'));
  });

  it('editor: a property without a value is required; images delete after a confirmation', async () => {
    let current = product({ properties: [] });
    const api = mockApi((c) => {
      if (c.path === '/admin/catalog/categories') return { data: CATS };
      if (c.path === '/admin/catalog/properties') return { data: [{ id: 3, name_uk: 'Колір', name_ru: 'Цвет', values_count: 2 }] };
      if (c.path === '/admin/catalog/properties/3/values') return { data: [{ id: 31, property_type_id: 3, value_uk: 'Білий', value_ru: 'Белый' }] };
      if (c.path === '/admin/catalog/products/5' && c.method === 'GET') return { data: current };
      if (c.path === '/admin/catalog/products/5/images/71' && c.method === 'DELETE') {
        current = { ...current, images: [] };
        return { data: current };
      }
      return undefined;
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/products/5');
    await screen.findByTestId('product-form');
    await waitFor(() => expect(screen.getByTestId('property-add-type').getAttribute('aria-disabled')).toBeNull());
    fireEvent.mouseDown(screen.getByTestId('property-add-type'));
    fireEvent.click(await screen.findByRole('option', { name: 'Колір' }));
    expect(screen.getAllByTestId('property-row')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(screen.getByTestId('property-value-0').getAttribute('aria-invalid')).toBe('true'));

    fireEvent.click(screen.getByTestId('image-delete-71'));
    fireEvent.click(await screen.findByTestId('image-delete-dialog-confirm'));
    await waitFor(() => expect(api.find('DELETE', '/admin/catalog/products/5/images/71')).toHaveLength(1));
    await waitFor(() => expect(screen.queryAllByTestId('product-image')).toHaveLength(0));
  });
});
