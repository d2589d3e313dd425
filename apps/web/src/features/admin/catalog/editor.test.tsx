import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCategoryDto, AdminProductDto } from '@drop/shared';
import { expectSameLocaleKeys } from '../../../test/locales.ts';
import { Reply, mockApi, page, renderSection, setDesktop } from '../orders/test-utils.tsx';
import CatalogSection from './catalog-section.tsx';
import ru from './locales/editor-ru.json';
import uk from './locales/editor-uk.json';

const cat = (id: number, parent_id: number | null, name: string, over: Partial<AdminCategoryDto> = {}): AdminCategoryDto => ({
  id,
  parent_id,
  depth: parent_id ? 1 : 0,
  name_uk: name,
  name_ru: `${name} ru`,
  sort: id,
  products_count: 0,
  hidden: false,
  unsorted: false,
  archive: false,
  image_url: null,
  icon: null,
  icon_color: null,
  children_count: 0,
  ...over,
});
// 1 has a child (11, with 3 products); 2 is empty; 90 the archive.
const CATS = [
  cat(1, null, 'Дім', { products_count: 3, children_count: 1 }),
  cat(11, 1, 'Кухня', { products_count: 3 }),
  cat(2, null, 'Порожня'),
  cat(90, null, 'Архів', { hidden: true, archive: true, products_count: 1 }),
];

const product = (over: Partial<AdminProductDto> = {}): AdminProductDto => ({
  id: 77,
  b2b_code_id: 1077,
  code_id: 1077,
  vendor_code: 'NEW-1',
  name_uk: 'Новий товар',
  name_ru: 'Новый товар',
  category_id: 11,
  drop_price: 100,
  old_drop_price: null,
  retail_price: 150,
  qty: 4,
  reserved: 0,
  is_new: false,
  inet_pack: 2,
  in_pack: 10,
  archived_at: null,
  archived_from_category_id: null,
  thumb: null,
  updated_at: '2026-11-28T10:00:00Z',
  description_uk: '',
  description_ru: '',
  brand: null,
  images: [],
  properties: [],
  ...over,
});

const base = (c: { path: string; method: string }) => {
  if (c.path === '/admin/catalog/categories' && c.method === 'GET') return { data: CATS };
  if (c.path === '/admin/catalog/properties') return { data: [] };
  if (/\/stock-history$/.test(c.path)) return page([]);
  return undefined;
};

describe('catalogue editor (issue 29)', () => {
  beforeEach(() => setDesktop(true));
  afterEach(() => vi.unstubAllGlobals());

  it('locales: uk and ru have the same keys, none empty', () => {
    expectSameLocaleKeys(uk, ru);
  });

  it('new product: the same form, required fields checked here, then one POST with vendor code and pack sizes; it opens the saved product', async () => {
    const api = mockApi((c) => {
      if (c.path === '/admin/catalog/products' && c.method === 'POST') return { data: product() };
      if (c.path === '/admin/catalog/products/77') return { data: product() };
      return base(c);
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/products/new?category_id=11');
    await screen.findByTestId('product-create-page');
    expect(screen.getByText('Зображення можна додати одразу після створення товару.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(screen.getAllByText("Поле обов'язкове для заповнення").length).toBeGreaterThanOrEqual(2));
    expect(api.find('POST', '/admin/catalog/products')).toHaveLength(0);

    const type = (name: string, value: string) => fireEvent.change(screen.getByTestId(`field-${name}`), { target: { value } });
    type('name_uk', 'Новий товар');
    type('name_ru', 'Новый товар');
    type('vendor_code', ' NEW-1 ');
    type('drop_price', '100');
    type('retail_price', '150');
    type('qty', '4');
    type('inet_pack', '0');
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(screen.getByTestId('field-inet_pack').getAttribute('aria-invalid')).toBe('true'));
    expect(api.find('POST', '/admin/catalog/products')).toHaveLength(0);
    type('inet_pack', '2');
    type('in_pack', '10');
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(api.find('POST', '/admin/catalog/products')).toHaveLength(1));
    expect(api.find('POST', '/admin/catalog/products')[0]!.body).toEqual({
      name_uk: 'Новий товар',
      name_ru: 'Новый товар',
      description_uk: '',
      description_ru: '',
      brand: null,
      category_id: 11,
      drop_price: 100,
      retail_price: 150,
      old_drop_price: null,
      qty: 4,
      is_new: false,
      vendor_code: 'NEW-1',
      inet_pack: 2,
      in_pack: 10,
      property_value_ids: [],
    });
    await waitFor(() => expect(screen.getByTestId('product-editor').dataset.state).toBe('ready'));
    expect(screen.getByTestId('product-archive')).toBeTruthy();
  });

  it('a server refusal on create lands on its field', async () => {
    mockApi((c) => {
      if (c.path === '/admin/catalog/products' && c.method === 'POST')
        return new Reply(422, { message: 'Помилка', errors: { retail_price: ['Ціна продажу не може бути нижчою за дроп-ціну'] } });
      return base(c);
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/products/new?category_id=11');
    await screen.findByTestId('product-create-page');
    for (const [k, v] of [
      ['name_uk', 'А'],
      ['name_ru', 'А'],
      ['drop_price', '100'],
      ['retail_price', '150'],
    ] as const)
      fireEvent.change(screen.getByTestId(`field-${k}`), { target: { value: v } });
    fireEvent.click(screen.getByTestId('product-save'));
    expect(await screen.findByText('Ціна продажу не може бути нижчою за дроп-ціну')).toBeTruthy();
  });

  it('archive is confirmed; an archived product says so and comes back into a chosen category when its own is gone', async () => {
    let current = product();
    const api = mockApi((c) => {
      if (c.path === '/admin/catalog/products/77' && c.method === 'GET') return { data: current };
      if (c.path === '/admin/catalog/products/77/archive') {
        current = product({ category_id: 90, archived_at: '2026-11-28T10:05:00Z', archived_from_category_id: 55 });
        return { data: current };
      }
      if (c.path === '/admin/catalog/products/77/unarchive') {
        current = product({ category_id: 2 });
        return { data: current };
      }
      return base(c);
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/products/77');
    fireEvent.click(await screen.findByTestId('product-archive'));
    const dialog = await screen.findByTestId('product-archive-dialog');
    expect(dialog.textContent).toContain('Замовлення з ним залишаться');
    fireEvent.click(within(dialog).getByTestId('product-archive-dialog-confirm'));
    await waitFor(() => expect(api.find('POST', '/admin/catalog/products/77/archive')).toHaveLength(1));
    expect((await screen.findByTestId('product-archived-alert')).textContent).toContain('В архіві з 28.11.2026');
    expect(screen.queryByTestId('product-public-link')).toBeNull();

    fireEvent.click(screen.getByTestId('product-unarchive'));
    const un = await screen.findByTestId('product-unarchive-dialog');
    // Category 55 is gone: a category must be chosen (the archive is not offered).
    expect(un.textContent).toContain('вже немає');
    const confirm = within(un).getByTestId('product-unarchive-dialog-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    const input = within(un).getByTestId('unarchive-category');
    fireEvent.mouseDown(input);
    const all = await screen.findAllByRole('option');
    expect(all.map((o) => o.textContent)).not.toContain('Архів');
    fireEvent.change(input, { target: { value: 'Пор' } });
    const options = (await screen.findAllByRole('option')).filter((o) => o.textContent === 'Порожня');
    fireEvent.click(options[0]!);
    fireEvent.click(confirm);
    await waitFor(() => expect(api.find('POST', '/admin/catalog/products/77/unarchive')).toHaveLength(1));
    expect(api.find('POST', '/admin/catalog/products/77/unarchive')[0]!.body).toEqual({ category_id: 2 });
    await waitFor(() => expect(screen.queryByTestId('product-archived-alert')).toBeNull());
  });

  it('products list: "Новий товар", the archive filter goes to the API, archived rows carry the chip', async () => {
    const api = mockApi((c) => {
      if (c.path === '/admin/catalog/products')
        return page([{ ...product({ category_id: 90, archived_at: '2026-11-28T10:05:00Z', archived_from_category_id: 11 }) }]);
      return base(c);
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/products');
    expect((await screen.findByTestId('products-create')).getAttribute('href')).toBe('/admin/catalog/products/new');
    await screen.findByTestId('product-archived-77');
    expect(api.find('GET', '/admin/catalog/products')[0]!.query.get('archived')).toBeNull();
    fireEvent.click(screen.getByTestId('products-archived'));
    await waitFor(() => expect(api.find('GET', '/admin/catalog/products').at(-1)!.query.get('archived')).toBe('true'));
    // Bulk changes skip archived products: not offered on the archive's list.
    await screen.findByTestId('product-archived-77');
    expect(screen.queryByTestId('products-bulk-change')).toBeNull();
  });

  it('categories: delete only when empty (the reason otherwise), confirmed; icon and colour picked and sent; a bad hex is refused here', async () => {
    const api = mockApi((c) => {
      if (c.path === '/admin/catalog/categories/2' && c.method === 'DELETE') return new Reply(204, null);
      if (c.path === '/admin/catalog/categories/2' && c.method === 'PUT') return { data: cat(2, null, 'Порожня', { icon: 'Pets', icon_color: '#43A047' }) };
      return base(c);
    });
    renderSection(<CatalogSection />, 'catalog', '/admin/catalog/categories');
    await waitFor(() => expect(screen.getAllByTestId('category-node')).toHaveLength(3));
    expect((screen.getByTestId('category-delete-1') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('category-delete-reason-1').getAttribute('aria-label')).toBe('Не можна видалити: у категорії є підкатегорії');
    expect((screen.getByTestId('category-delete-90') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('category-archive-90')).toBeTruthy();
    expect((screen.getByTestId('category-visibility-90') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('category-delete-2'));
    const confirm = await screen.findByTestId('category-delete-dialog');
    fireEvent.click(within(confirm).getByTestId('category-delete-dialog-confirm'));
    await waitFor(() => expect(api.find('DELETE', '/admin/catalog/categories/2')).toHaveLength(1));

    fireEvent.click(screen.getByTestId('category-edit-2'));
    const dialog = await screen.findByTestId('category-dialog');
    expect(within(dialog).getByTestId('category-picture')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('category-icon-Pets'));
    expect(within(dialog).getByTestId('category-icon-Pets').getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(within(dialog).getByTestId('category-color-hex'), { target: { value: '#43A04' } });
    fireEvent.click(within(dialog).getByTestId('category-submit'));
    expect(await within(dialog).findByText('Вкажіть колір у форматі #RRGGBB')).toBeTruthy();
    expect(api.find('PUT', '/admin/catalog/categories/2')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('category-color-43A047'));
    fireEvent.click(within(dialog).getByTestId('category-submit'));
    await waitFor(() => expect(api.find('PUT', '/admin/catalog/categories/2')).toHaveLength(1));
    expect(api.find('PUT', '/admin/catalog/categories/2')[0]!.body).toEqual({
      name_uk: 'Порожня',
      name_ru: 'Порожня ru',
      sort: 2,
      icon: 'Pets',
      icon_color: '#43A047',
    });
  });
});
