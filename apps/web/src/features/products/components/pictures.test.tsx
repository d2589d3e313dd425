import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ProductDto } from '@drop/shared';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { setViewport } from '../../../test/media.ts';
import { CARD_IMAGE_SIZES, PRIORITY_CARD_IMAGES, productPictures } from '../../../lib/images.ts';
import { AnaloguesDialog } from './analogues-dialog.tsx';
import { ImageCarousel } from './image-carousel.tsx';
import { ProductCard } from './product-card.tsx';
import { ProductListPage } from './product-list-page.tsx';
import { ProductPage } from './product-page.tsx';
import { ProductTable } from './product-table.tsx';
import { QuickViewDialog } from './quick-view-dialog.tsx';
import { jsonResponse } from '../../../test/fetch-stub.ts';
import { legacyImages, makeList, makeProduct, pictureHash, storedImages } from '../../../test/fixtures/products.ts';

/**
 * Issue 30: each place shows the variant it needs (cards, tables and small lists the 200 px thumb
 * with the 600 px medium as its 2x; quick view and product page the medium; the zoom the
 * original), with width and height; pictures stored before keep working without a srcset.
 */

const A = pictureHash(0xab);
const B = pictureHash(0x3c);
const file = (h: string, tail: string) => `/storage/pictures/${h.slice(0, 2)}/${h}${tail}`;
const thumbSet = (h: string) => `${file(h, '-t.webp')} 200w, ${file(h, '-s.webp')} 400w, ${file(h, '-m.webp')} 600w`;
const noop = () => undefined;

function expectThumb(img: Element, hash: string, sizes: string) {
  expect(img.getAttribute('src')).toBe(file(hash, '-t.webp'));
  expect(img.getAttribute('srcset')).toBe(thumbSet(hash));
  expect(img.getAttribute('sizes')).toBe(sizes);
  expect(img.getAttribute('width')).toBe('200');
  expect(img.getAttribute('height')).toBe('200');
  expect(img.getAttribute('decoding')).toBe('async');
}

const stored = (id: number, ...hashes: string[]) => makeProduct({ id, images: storedImages(...hashes) });

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage('uk'));
});

describe('cards', () => {
  it('a card: the thumb, the medium as 600w, the grid sizes, 200 x 200, lazy', () => {
    renderWithProviders(<ProductCard product={stored(1, A, B)} onQuickView={noop} onAnalogues={noop} />);
    const img = screen.getByTestId('product-card-image');
    expectThumb(img, A, CARD_IMAGE_SIZES);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('fetchpriority')).toBeNull();
    expect(img.getAttribute('alt')).toBe('');
  });

  it('a first-screen card: eager with a high priority', () => {
    renderWithProviders(<ProductCard product={stored(1, A)} onQuickView={noop} onAnalogues={noop} priority />);
    const img = screen.getByTestId('product-card-image');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('the list: the first PRIORITY_CARD_IMAGES cards eager, the rest lazy', { timeout: 20_000 }, async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(noop);
    const products = Array.from({ length: 6 }, (_, i) => stored(i + 1, pictureHash(0x10 + i)));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(makeList(products))),
    );
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/favorites" element={<ProductListPage mode="favorites" />} />
      </Routes>,
      { route: '/dashboard/favorites' },
    );
    await waitFor(() => expect(screen.getAllByTestId('product-card-image')).toHaveLength(6), { timeout: 10_000 });
    const imgs = screen.getAllByTestId('product-card-image');
    expect(imgs.map((i) => i.getAttribute('loading'))).toEqual(imgs.map((_, i) => (i < PRIORITY_CARD_IMAGES ? 'eager' : 'lazy')));
    imgs.forEach((img, i) => expectThumb(img, pictureHash(0x10 + i), CARD_IMAGE_SIZES));
  });

  it('a legacy picture (one raw file three times): that file, no srcset, still 200 x 200', () => {
    renderWithProviders(<ProductCard product={makeProduct({ images: legacyImages('products/ab/0b5e.jpg') })} onQuickView={noop} onAnalogues={noop} />);
    const img = screen.getByTestId('product-card-image');
    expect(img.getAttribute('src')).toBe('/storage/products/ab/0b5e.jpg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
    expect(img.getAttribute('width')).toBe('200');
  });

  it('the demo SVGs: the thumb, no srcset; no pictures: the placeholder', () => {
    renderWithProviders(
      <>
        <ProductCard product={makeProduct({ id: 1 })} onQuickView={noop} onAnalogues={noop} />
        <ProductCard product={makeProduct({ id: 2, images: [], has_images: false })} onQuickView={noop} onAnalogues={noop} />
      </>,
    );
    const [svg, none] = screen.getAllByTestId('product-card-image');
    expect(svg!.getAttribute('src')).toBe('/storage/p/1-t.svg');
    expect(svg!.hasAttribute('srcset')).toBe(false);
    expect(none!.getAttribute('src')).toBe('/images/no-img-200pad.svg');
    expect(none!.getAttribute('height')).toBe('200');
  });

  it('a picture that fails to load: the placeholder without the srcset', () => {
    renderWithProviders(<ProductCard product={stored(1, A)} onQuickView={noop} onAnalogues={noop} />);
    const img = screen.getByTestId('product-card-image');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/images/no-img-200pad.svg');
    expect(img.hasAttribute('srcset')).toBe(false);
  });
});

describe('table rows and small lists: the thumb at their width', () => {
  it('the wide table (1440 px): 56 px thumbs', () => {
    setViewport(1440);
    renderWithProviders(<ProductTable products={[stored(1, A), stored(2, B)]} onQuickView={noop} onAnalogues={noop} />);
    expect(screen.getByTestId('product-table').getAttribute('data-layout')).toBe('table');
    const [a, b] = screen.getAllByTestId('product-row-image');
    expectThumb(a!, A, '56px');
    expectThumb(b!, B, '56px');
    expect(a!.getAttribute('loading')).toBe('lazy');
  });

  it('the compact list (390 px): 64 px thumbs', () => {
    setViewport(390);
    renderWithProviders(<ProductTable products={[stored(1, A)]} onQuickView={noop} onAnalogues={noop} />);
    expect(screen.getByTestId('product-table').getAttribute('data-layout')).toBe('list');
    expectThumb(screen.getByTestId('product-row-image'), A, '64px');
  });

  it('analogues: 64 px thumbs', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ data: [stored(7, B)] })),
    );
    renderWithProviders(<AnaloguesDialog product={makeProduct({ id: 1, analogues_count: 1 })} open onClose={noop} />);
    const item = await screen.findByTestId('analogue-item');
    expectThumb(within(item).getByTestId('analogue-image'), B, '64px');
  });
});

describe('the carousel: medium for the main picture, thumbs for the strip', () => {
  it('main picture 600 x 600 medium, thumbnails 64 px thumbs; the zoom button answers the index', () => {
    const onZoom = vi.fn();
    renderWithProviders(<ImageCarousel pictures={productPictures(storedImages(A, B))} alt="Лампа" thumbnails autoPlay={false} onZoom={onZoom} />);
    const main = screen.getByTestId('carousel-image');
    expect(main.getAttribute('src')).toBe(file(A, '-m.webp'));
    expect(main.hasAttribute('srcset')).toBe(false);
    expect(main.getAttribute('width')).toBe('600');
    expect(main.getAttribute('height')).toBe('600');
    const thumbs = screen.getAllByTestId('carousel-thumb-image');
    expectThumb(thumbs[0]!, A, '64px');
    expectThumb(thumbs[1]!, B, '64px');
    fireEvent.click(screen.getByRole('button', { name: 'Зображення 2' }));
    expect(screen.getByTestId('carousel-image').getAttribute('src')).toBe(file(B, '-m.webp'));
    fireEvent.click(screen.getByRole('button', { name: 'Збільшити зображення' }));
    expect(onZoom).toHaveBeenCalledWith(1);
  });

  it('no zoom without onZoom, nor without pictures (the placeholder)', () => {
    renderWithProviders(<ImageCarousel pictures={[]} alt="Лампа" onZoom={noop} />);
    expect(screen.queryByTestId('carousel-zoom')).toBeNull();
    expect(screen.getByRole('img', { name: 'Лампа' }).getAttribute('src')).toBe('/images/no-img-200pad.svg');
  });

  it('the quick view: the medium', async () => {
    const product = stored(5, A);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ data: { ...product, relation_properties: [], properties: [] }, breadcrumbs: [] })),
    );
    renderWithProviders(<QuickViewDialog product={product} open onClose={noop} />);
    const img = within(await screen.findByTestId('quick-view-dialog')).getByTestId('carousel-image');
    expect(img.getAttribute('src')).toBe(file(A, '-m.webp'));
    expect(img.getAttribute('width')).toBe('600');
    expect(screen.queryByTestId('carousel-zoom')).toBeNull();
  });
});

describe('the product page', () => {
  beforeEach(() => vi.spyOn(window, 'scrollTo').mockImplementation(noop));

  function renderPage(product: ProductDto) {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('/analogues/')
          ? jsonResponse({ data: [] })
          : jsonResponse({ data: { ...product, relation_properties: [], properties: [] }, breadcrumbs: [] }),
      ),
    );
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/products/:id" element={<ProductPage />} />
      </Routes>,
      { route: `/dashboard/products/${product.id}` },
    );
  }

  it.each([
    ['uk', 'Збільшити зображення', 'Закрити'],
    ['ru', 'Увеличить изображение', 'Закрыть'],
  ])('%s: the medium, eager; the thumbnails; clicking the picture opens the original, Esc closes', async (lang, zoom, close) => {
    await act(() => i18n.changeLanguage(lang));
    renderPage(stored(9, A, B));
    await waitFor(() => expect(screen.getByTestId('product-page').getAttribute('data-state')).toBe('ready'));
    const main = screen.getByTestId('carousel-image');
    expect(main.getAttribute('src')).toBe(file(A, '-m.webp'));
    expect([main.getAttribute('width'), main.getAttribute('height'), main.getAttribute('loading'), main.getAttribute('fetchpriority')]).toEqual([
      '600',
      '600',
      'eager',
      'high',
    ]);
    expect(screen.getAllByTestId('carousel-thumb-image').map((i) => i.getAttribute('src'))).toEqual([file(A, '-t.webp'), file(B, '-t.webp')]);

    fireEvent.click(screen.getByRole('button', { name: zoom }));
    const dialog = await screen.findByTestId('picture-zoom-dialog');
    const big = within(dialog).getByTestId('picture-zoom-image');
    expect(big.getAttribute('src')).toBe(file(A, '.jpg'));
    expect(big.getAttribute('alt')).toBe('Чохол-книжка 9');
    expect(within(dialog).getByRole('button', { name: close })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('picture-zoom-dialog')).toBeNull());

    // The second picture's zoom is its own original.
    fireEvent.click(screen.getAllByTestId('carousel-thumb')[1]!);
    fireEvent.click(screen.getByRole('button', { name: zoom }));
    expect(
      within(await screen.findByTestId('picture-zoom-dialog'))
        .getByTestId('picture-zoom-image')
        .getAttribute('src'),
    ).toBe(file(B, '.jpg'));
    fireEvent.click(screen.getByTestId('picture-zoom-close'));
    await waitFor(() => expect(screen.queryByTestId('picture-zoom-dialog')).toBeNull());
  });

  it('a legacy picture: the same file on the page and in the zoom', async () => {
    renderPage(makeProduct({ id: 4, images: legacyImages('onec/ab/abcd.jpg') }));
    await waitFor(() => expect(screen.getByTestId('product-page').getAttribute('data-state')).toBe('ready'));
    expect(screen.getByTestId('carousel-image').getAttribute('src')).toBe('/storage/onec/ab/abcd.jpg');
    fireEvent.click(screen.getByTestId('carousel-zoom'));
    expect(
      within(await screen.findByTestId('picture-zoom-dialog'))
        .getByTestId('picture-zoom-image')
        .getAttribute('src'),
    ).toBe('/storage/onec/ab/abcd.jpg');
  });

  it('no pictures: the placeholder and no zoom', async () => {
    renderPage(makeProduct({ id: 3, images: [], has_images: false }));
    await waitFor(() => expect(screen.getByTestId('product-page').getAttribute('data-state')).toBe('ready'));
    expect(screen.getByTestId('carousel-image').getAttribute('src')).toBe('/images/no-img-200pad.svg');
    expect(screen.queryByTestId('carousel-zoom')).toBeNull();
  });
});
