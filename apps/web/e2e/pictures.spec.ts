import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { PRIORITY_CARD_IMAGES, type AdminProductDto, type CategoryDto, type ProductsResponse } from '@drop/shared';
import type Sharp from 'sharp';
import { apiGet, createReseller, leavesOf, operatorToken, signInWithToken } from './fixtures.ts';

/**
 * Issue 30: a real photo (3000 x 2000 JPEG) uploaded through the back-office editor reaches the
 * reseller as the variants each place needs: the card's srcset gives the 200 px thumb or the
 * 600 px medium (a phone at DPR 3 the 600, a table row at desktop 1x the 200), never the upload
 * itself; the product page shows the medium and its zoom the JPEG original (at most 2048 px).
 * With $SHOTS_DIR set: the list on a phone and a desktop, the table and the zoom.
 */

// sharp is a dependency of the API (the picture pipeline); the spec draws its photo with it.
const sharp = createRequire(path.resolve(import.meta.dirname, '../../api/package.json'))('sharp') as typeof Sharp;

/** A photo-like 3000 x 2000 JPEG: gradients, shapes and grain (large, as a camera's), with EXIF. */
async function photo(): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const dx = x - 1500;
      const dy = y - 1000;
      const ball = dx * dx + dy * dy < 600 * 600;
      const grain = rnd() * 40;
      raw[i] = Math.max(0, Math.min(255, (ball ? 220 : (x / width) * 120 + 60) + grain));
      raw[i + 1] = Math.max(0, Math.min(255, (ball ? 90 + (y / height) * 80 : (y / height) * 160 + 40) + grain));
      raw[i + 2] = Math.max(0, Math.min(255, (ball ? 40 : 200 - (x / width) * 100) + grain));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withExif({ IFD0: { Make: 'E2E Camera', Model: 'Pictures' } })
    .toBuffer();
}

const shot = async (page: Page, name: string) => {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
};

/**
 * The picture the browser took (currentSrc's path) and the width of that file in pixels, once it
 * has loaded. (An img with a `w` srcset reports naturalWidth divided by the density it chose, the
 * sizes width: the file's own width is read from a plain Image of the same URL, from the cache.)
 */
async function loaded(img: Locator): Promise<{ src: string; width: number }> {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  return img.evaluate(async (e: HTMLImageElement) => {
    const file = new Image();
    file.src = e.currentSrc;
    await file.decode();
    return { src: new URL(e.currentSrc).pathname, width: file.naturalWidth };
  });
}

/** axe on the page (or `include`): no serious or critical findings. */
async function noSeriousA11y(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function resellerPage(browser: Browser, token: string, viewport: { width: number; height: number }, deviceScaleFactor: number, isMobile = false) {
  const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch: isMobile, locale: 'uk-UA' });
  const page = await context.newPage();
  await signInWithToken(page, token);
  return { context, page };
}

test('an uploaded photo: the card takes the thumb or the medium, the table the thumb, the page the medium, the zoom the original', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const token = await operatorToken(request);
  const auth = { authorization: `Bearer ${token}` };
  const reseller = await createReseller(request);
  const tree = (await apiGet<{ data: CategoryDto[] }>(request, reseller.token, '/api/v1/categories')).data;
  const leaf = leavesOf(tree).find((c) => c.products_count > 0)!;
  const stamp = `${Date.now()}`.slice(-7);
  const vendor = `E2E-PIC-${stamp}`;
  // Words of six letters and more: neighbouring specs misspell the newest product's name to search for it.
  const name = `Фотографія тестова E2E ${stamp}`;
  const made = await request.post('/api/v1/admin/catalog/products', {
    headers: auth,
    data: { name_uk: name, name_ru: `Фотография тестовая E2E ${stamp}`, category_id: leaf.id, drop_price: 250, retail_price: 399, qty: 9, vendor_code: vendor },
  });
  expect(made.status(), await made.text()).toBe(201);
  const id = ((await made.json()) as { data: AdminProductDto }).data.id;
  try {
    // The staff member uploads the photo in the product editor.
    const bytes = await photo();
    expect(bytes.length).toBeGreaterThan(1_000_000);
    await signInWithToken(page, token);
    await page.goto(`/admin/catalog/products/${id}`);
    await expect(page.getByTestId('product-editor')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
    await page.getByTestId('image-upload-input').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: bytes });
    await expect(page.getByTestId('product-image')).toHaveCount(1, { timeout: 30_000 });
    const adminThumb = await loaded(page.getByTestId('product-image-thumb'));
    expect(adminThumb.src).toMatch(/^\/storage\/pictures\/[0-9a-f]{2}\/[0-9a-f]{64}-t\.webp$/);
    expect(adminThumb.width).toBe(200);

    // Stored as the three variants, named by the upload's hash; the upload itself is not served.
    const stored = (await apiGet<{ data: AdminProductDto }>(request, token, `/api/v1/admin/catalog/products/${id}`)).data.images[0]!;
    const base = stored.original.replace(/\.jpg$/, '');
    expect(stored.original).toMatch(/^\/storage\/pictures\/[0-9a-f]{2}\/[0-9a-f]{64}\.jpg$/);
    expect(stored.thumb).toBe(`${base}-t.webp`);
    const original = await request.get(stored.original);
    expect(original.status()).toBe(200);
    expect(original.headers()['cache-control']).toContain('immutable');
    const originalMeta = await sharp(await original.body()).metadata();
    expect([originalMeta.format, originalMeta.width, originalMeta.height, originalMeta.exif]).toEqual(['jpeg', 2048, 1365, undefined]);
    for (const [tail, side] of [
      ['-t.webp', 200],
      ['-s.webp', 400],
      ['-m.webp', 600],
    ] as const) {
      const r = await request.get(`${base}${tail}`);
      expect(r.status()).toBe(200);
      const meta = await sharp(await r.body()).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', side, side]);
    }
    const listUrl = (variant: 'card' | 'table') => `/dashboard/search-products?search=${encodeURIComponent(vendor)}&card_variant=${variant}`;

    // A phone at DPR 3 (390 x 844): the card is about 163 px wide, 489 device pixels: the 600.
    {
      const { context, page: phone } = await resellerPage(browser, reseller.token, { width: 390, height: 844 }, 3, true);
      const pictures: string[] = [];
      phone.on('request', (r) => {
        if (r.resourceType() === 'image' && r.url().includes('/storage/')) pictures.push(new URL(r.url()).pathname);
      });
      await phone.goto(listUrl('card'));
      const card = phone.locator(`[data-testid="product-card"][data-product-id="${id}"]`);
      await expect(card).toBeVisible();
      const img = card.getByTestId('product-card-image');
      await expect(img).toHaveAttribute('loading', 'eager');
      const got = await loaded(img);
      expect(got).toEqual({ src: `${base}-m.webp`, width: 600 });
      // One download of this picture: the medium (the first cards' preload has the card's srcset and sizes).
      expect(pictures.filter((p) => p.startsWith(base))).toEqual([`${base}-m.webp`]);
      await shot(phone, 'pictures-list-phone-390-dpr3');
      // The zoom on a phone: full screen, the original.
      await phone.goto(`/dashboard/products/${id}`);
      await expect(phone.getByTestId('product-page')).toHaveAttribute('data-state', 'ready');
      expect((await loaded(phone.getByTestId('carousel-image'))).src).toBe(`${base}-m.webp`);
      await phone.getByTestId('carousel-zoom').click();
      expect((await loaded(phone.getByTestId('picture-zoom-image'))).src).toBe(stored.original);
      await shot(phone, 'pictures-zoom-phone-390-dpr3');
      await phone.getByTestId('picture-zoom-close').click();
      await expect(phone.getByTestId('picture-zoom-dialog')).toBeHidden();
      await context.close();
    }

    // A desktop at 1x: a table row (56 px) takes the 200; the card (about 250 px wide) the 400, never the original.
    {
      const { context, page: desk } = await resellerPage(browser, reseller.token, { width: 1440, height: 900 }, 1);
      const pictures: string[] = [];
      desk.on('request', (r) => {
        if (r.resourceType() === 'image' && r.url().includes('/storage/')) pictures.push(new URL(r.url()).pathname);
      });
      // The table first: Chromium reuses a larger candidate it already holds (the card's 400).
      await desk.goto(listUrl('table'));
      const row = desk.locator(`[data-testid="product-row"][data-product-id="${id}"]`);
      await expect(desk.getByTestId('product-table')).toHaveAttribute('data-layout', 'table');
      const rowPic = await loaded(row.getByTestId('product-row-image'));
      expect(rowPic).toEqual({ src: `${base}-t.webp`, width: 200 });
      await shot(desk, 'pictures-table-desktop-1440');

      await desk.goto(listUrl('card'));
      const card = desk.locator(`[data-testid="product-card"][data-product-id="${id}"]`);
      const cardPic = await loaded(card.getByTestId('product-card-image'));
      // (1440 - 352) / 4 - 24 = 248 CSS px: more than the thumb's 200, less than the 400 step.
      expect(cardPic).toEqual({ src: `${base}-s.webp`, width: 400 });
      await shot(desk, 'pictures-list-desktop-1440');

      // The product page: the medium, eager; the zoom: the JPEG original.
      await desk.goto(`/dashboard/products/${id}`);
      await expect(desk.getByTestId('product-page')).toHaveAttribute('data-state', 'ready');
      const main = desk.getByTestId('carousel-image');
      await expect(main).toHaveAttribute('fetchpriority', 'high');
      expect(await loaded(main)).toEqual({ src: `${base}-m.webp`, width: 600 });
      await desk.getByRole('button', { name: 'Збільшити зображення' }).click();
      const zoom = desk.getByTestId('picture-zoom-dialog');
      await expect(zoom).toBeVisible();
      expect(await loaded(zoom.getByTestId('picture-zoom-image'))).toEqual({ src: stored.original, width: 2048 });
      await shot(desk, 'pictures-zoom-desktop-1440');
      await noSeriousA11y(desk, '[data-testid="picture-zoom-dialog"]');
      await desk.keyboard.press('Escape');
      await expect(zoom).toBeHidden();
      await expect(desk.getByTestId('carousel-zoom')).toBeFocused();
      await noSeriousA11y(desk, '[data-testid="product-gallery"]');
      // Nothing on these pages asked for the original but the zoom.
      expect(pictures.filter((p) => p === stored.original)).toHaveLength(1);
      await context.close();
    }
  } finally {
    // Out of the catalogue the other specs read.
    await request.post(`/api/v1/admin/catalog/products/${id}/archive`, { headers: auth });
  }
});

test("a category's first visit on a phone: the HTML preloads the first cards' pictures, each downloaded once, in the size the card shows", async ({
  request,
  browser,
}) => {
  const reseller = await createReseller(request);
  const tree = (await apiGet<{ data: CategoryDto[] }>(request, reseller.token, '/api/v1/categories')).data;
  // A category whose first cards show stored photos (the demo catalogue's pool).
  let leafId = 0;
  for (const leaf of leavesOf(tree).filter((c) => c.products_count >= 4)) {
    const first = (await apiGet<ProductsResponse>(request, reseller.token, `/api/v1/products?category_id=${leaf.id}&page=1&per_page=10`)).data.slice(
      0,
      PRIORITY_CARD_IMAGES,
    );
    if (first.length === PRIORITY_CARD_IMAGES && first.every((p) => p.images.some((i) => i.type === 'thumb' && /-t\.webp$/.test(i.path)))) {
      leafId = leaf.id;
      break;
    }
  }
  expect(leafId, 'a category whose first cards have stored photos').toBeGreaterThan(0);
  // Lighthouse's phone: 412 px at DPR 1.75, a card of about 172 CSS px: the 400 px step.
  const { context, page } = await resellerPage(browser, reseller.token, { width: 412, height: 823 }, 1.75, true);
  const fresh = await context.newPage();
  await page.close();
  const pictures: string[] = [];
  fresh.on('request', (r) => {
    if (r.resourceType() === 'image' && r.url().includes('/storage/pictures/')) pictures.push(new URL(r.url()).pathname);
  });
  await fresh.goto(`/dashboard/catalog/${leafId}/products`);
  const cards = fresh.getByTestId('product-card-image');
  await expect(cards.nth(PRIORITY_CARD_IMAGES - 1)).toBeVisible();
  // The dashboard's HTML asked for them (its inline script marks its links data-early), with the card's srcset and sizes.
  const preloads = await fresh.evaluate(() =>
    [...document.head.querySelectorAll('link[data-early][rel="preload"][as="image"][imagesrcset]')].map((l) => l.getAttribute('href')),
  );
  const shown: string[] = [];
  for (let i = 0; i < PRIORITY_CARD_IMAGES; i++) {
    const img = cards.nth(i);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    shown.push(new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).pathname);
    expect(preloads).toContain(await img.getAttribute('src'));
  }
  expect(
    shown.every((s) => s.endsWith('-s.webp')),
    shown.join(' '),
  ).toBe(true);
  // Each shown picture was downloaded once, and no picture in a second size (the preload and the img agree).
  for (const s of new Set(shown))
    expect(
      pictures.filter((p) => p === s),
      s,
    ).toHaveLength(1);
  const bases = pictures.map((p) => p.replace(/(-[tsm]\.webp|\.jpg)$/, ''));
  for (const base of new Set(bases)) expect(new Set(pictures.filter((p) => p.startsWith(base))).size, base).toBe(1);
  await context.close();
});
