import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCategoryDto, AdminProductDto } from '@drop/shared';
import { i18n } from '../../../lib/i18n.ts';
import { expectSameLocaleKeys } from '../../../test/locales.ts';
import { Reply, mockApi, page, renderSection, setDesktop } from '../orders/test-utils.tsx';
import CatalogSection from './catalog-section.tsx';
import ru from './locales/ru.json';
import uk from './locales/uk.json';

const cat = (id: number, parent_id: number | null, name: string, sort = 0): AdminCategoryDto => ({
  id,
  parent_id,
  depth: parent_id ? 1 : 0,
  name_uk: name,
  name_ru: `${name} ru`,
  sort,
  products_count: 3,
  hidden: false,
  unsorted: false,
  archive: false,
  image_url: null,
  icon: null,
  icon_color: null,
  children_count: 0,
});
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
  inet_pack: 1,
  in_pack: 1,
  archived_at: null,
  archived_from_category_id: null,
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
    await waitFor(() =>
      expect(api.find('POST', '/admin/catalog/categories')[0]?.body).toEqual({
        name_uk: 'Спальня',
        name_ru: 'Спальня',
        sort: 5,
        parent_id: 1,
        icon: null,
        icon_color: null,
      }),
    );
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
    await waitFor(() =>
      expect(api.find('PUT', '/admin/catalog/categories/2')[0]?.body).toEqual({
        name_uk: 'Автотовари',
        name_ru: 'Авто ru',
        sort: 2,
        icon: null,
        icon_color: null,
      }),
    );
  });

  it('products: a capped total (more than 10 000) reads as such, not as 10001 (uk, ru)', async () => {
    mockApi((c) => {
      if (c.path === '/admin/catalog/categories') return { data: CATS };
      if (c.path === '/admin/catalog/products') return page([product()], 10_001, 501);
      return undefined;
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/products');
    await screen.findByTestId('product-row');
    expect(screen.getByTestId('products-total').textContent).toBe('Знайдено понад 10\u00a0000');
    await act(() => i18n.changeLanguage('ru'));
    expect(screen.getByTestId('products-total').textContent).toBe('Найдено более 10\u00a0000');
    await act(() => i18n.changeLanguage('uk'));
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
    // The row's picture: the thumb, 200 x 200, lazy (issue 30).
    const thumb = within(row).getByTestId('admin-product-thumb').querySelector('img')!;
    expect([thumb.getAttribute('src'), thumb.getAttribute('width'), thumb.getAttribute('height'), thumb.getAttribute('loading')]).toEqual([
      '/images/5/thumb.webp',
      '200',
      '200',
      'lazy',
    ]);
    expect(screen.getByTestId('products-total').textContent).toBe('Знайдено: 41');
    expect(Object.fromEntries(api.find('GET', '/admin/catalog/products').at(-1)!.query)).toEqual({
      search: 'чохол',
      category_id: '11',
      in_stock: 'false',
      page: '1',
      per_page: '20',
    });
    fireEvent.click(screen.getByTestId('products-specials'));
    await waitFor(() => expect(api.find('GET', '/admin/catalog/products').at(-1)!.query.get('specials')).toBe('true'));
    expect(screen.getByTestId('location').textContent).toContain('specials=true');
  });

  it('unsorted and hidden categories: marked, the alert leads to their goods, publishing is confirmed and sent', async () => {
    let unsorted: AdminCategoryDto = {
      ...cat(90, null, 'Нерозсортовані товари з 1С', 99),
      name_ru: 'Неразобранные товары из 1С',
      products_count: 2,
      hidden: true,
      unsorted: true,
    };
    const hiddenChild = { ...cat(11, 1, 'Кухня'), hidden: true };
    const api = mockApi((c) => {
      if (c.path === '/admin/catalog/categories' && c.method === 'GET') return { data: [...CATS.filter((x) => x.id !== 11), hiddenChild, unsorted] };
      if (c.path === '/admin/catalog/categories/90' && c.method === 'PUT') {
        unsorted = { ...unsorted, hidden: (c.body as { hidden: boolean }).hidden };
        return { data: unsorted };
      }
      if (c.path === '/admin/catalog/products') return page([product({ id: 7, category_id: 90 })], 1, 1);
      return undefined;
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/categories');
    const alert = await screen.findByTestId('unsorted-alert');
    expect(alert.textContent).toContain('«Нерозсортовані товари з 1С»: 2 товари з 1С без групи');
    expect(screen.getByTestId('category-unsorted-90').textContent).toBe('Нерозсортовані: перенесіть товари');
    expect(screen.getByTestId('category-hidden-90').textContent).toBe('Приховано від реселерів');
    fireEvent.click(screen.getByRole('button', { name: 'Розгорнути «Дім»' }));
    expect(screen.getByTestId('category-hidden-11')).toBeTruthy();
    expect(screen.queryByTestId('category-hidden-1')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Опублікувати «Нерозсортовані товари з 1С» для реселерів' }));
    const dialog = await screen.findByTestId('category-visibility-dialog');
    expect(dialog.textContent).toContain('Опублікувати категорію?');
    fireEvent.click(within(dialog).getByTestId('category-visibility-confirm'));
    await waitFor(() => expect(api.find('PUT', '/admin/catalog/categories/90')[0]?.body).toEqual({ hidden: false }));
    await waitFor(() => expect(screen.queryByTestId('category-hidden-90')).toBeNull());
    expect(screen.getByRole('button', { name: 'Приховати «Нерозсортовані товари з 1С» від реселерів' })).toBeTruthy();

    fireEvent.click(within(screen.getByTestId('unsorted-alert')).getByTestId('unsorted-open'));
    expect(await screen.findByTestId('products-category-note')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toContain('category_id=90');
  });

  it('products: selected rows are moved into a chosen category in one request; a refusal shows its reason', async () => {
    let refuse = true;
    const api = mockApi((c) => {
      if (c.path === '/admin/catalog/categories') return { data: CATS };
      if (c.path === '/admin/catalog/products') return page([product({ id: 5 }), product({ id: 6, name_uk: 'Другий' })], 2, 1);
      if (c.path === '/admin/catalog/products/move') {
        if (refuse) return ((refuse = false), new Reply(422, { message: 'Невірні дані', errors: { product_ids: ['Товар не знайдено'] } }));
        return { data: { moved: 2 } };
      }
      return undefined;
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/products?category_id=11');
    await screen.findAllByTestId('product-row');
    expect(screen.queryByTestId('products-bulk')).toBeNull();
    fireEvent.click(screen.getByTestId('products-select-all'));
    const bulk = screen.getByTestId('products-bulk');
    expect(bulk.textContent).toContain('Вибрано: 2');
    fireEvent.click(within(bulk).getByTestId('products-move-submit'));
    expect(await within(bulk).findByText('Виберіть категорію')).toBeTruthy();
    const input = within(bulk).getByTestId('products-move-category');
    fireEvent.change(input, { target: { value: 'Авто' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Авто' }));
    fireEvent.click(within(bulk).getByTestId('products-move-submit'));
    expect(await within(bulk).findByText('Товар не знайдено')).toBeTruthy();
    fireEvent.click(within(bulk).getByTestId('products-move-submit'));
    await waitFor(() => expect(screen.queryByTestId('products-bulk')).toBeNull());
    expect(api.find('POST', '/admin/catalog/products/move').map((c) => c.body)).toEqual([
      { product_ids: [5, 6], category_id: 2 },
      { product_ids: [5, 6], category_id: 2 },
    ]);
  });

  it('editor: validates prices, warns about the restock alerts and saves the whole product', async () => {
    let current = product();
    const api = mockApi((c) => {
      if (c.path === '/admin/catalog/categories') return { data: CATS };
      if (c.path === '/admin/catalog/properties') return { data: [{ id: 3, name_uk: 'Колір', name_ru: 'Цвет', values_count: 2 }] };
      if (c.path === '/admin/catalog/properties/3/values')
        return {
          data: [
            { id: 30, property_type_id: 3, value_uk: 'Чорний', value_ru: 'Чёрный' },
            { id: 31, property_type_id: 3, value_uk: 'Білий', value_ru: 'Белый' },
          ],
        };
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
      vendor_code: 'BA-5',
      inet_pack: 1,
      in_pack: 1,
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

  it('editor: each picture shows its thumb (200 x 200, lazy), the preview its original (issue 30)', async () => {
    mockApi((c) => {
      if (c.path === '/admin/catalog/categories') return { data: CATS };
      if (c.path === '/admin/catalog/properties') return { data: [] };
      if (c.path === '/admin/catalog/products/5') return { data: product() };
      return undefined;
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/products/5');
    const thumb = await screen.findByTestId('product-image-thumb');
    expect([thumb.getAttribute('src'), thumb.getAttribute('width'), thumb.getAttribute('height'), thumb.getAttribute('loading')]).toEqual([
      '/images/5/1-thumb.webp',
      '200',
      '200',
      'lazy',
    ]);
    fireEvent.click(screen.getByTestId('image-preview-71'));
    const preview = await screen.findByTestId('image-preview-original');
    expect(preview.getAttribute('src')).toBe('/images/5/1.webp');
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
