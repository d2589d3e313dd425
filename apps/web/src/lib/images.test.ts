import { describe, expect, it } from 'vitest';
import { legacyImages, pictureHash, storedImages } from '../test/fixtures/products.ts';
import { CARD_IMAGE_SIZES, cardSource, firstPicture, mediumSource, pictureFromPath, productPictures, smallSource, thumbSource } from './images.ts';

const a = pictureHash(0xab);
const b = pictureHash(0x0c);
const url = (h: string, tail: string) => `/storage/pictures/${h.slice(0, 2)}/${h}${tail}`;

describe('product pictures', () => {
  it('groups the API list into pictures: the n-th path of each type', () => {
    expect(productPictures(storedImages(a, b))).toEqual([
      { thumb: url(a, '-t.webp'), small: url(a, '-s.webp'), medium: url(a, '-m.webp'), original: url(a, '.jpg'), variants: true },
      { thumb: url(b, '-t.webp'), small: url(b, '-s.webp'), medium: url(b, '-m.webp'), original: url(b, '.jpg'), variants: true },
    ]);
    expect(productPictures([])).toEqual([]);
    expect(firstPicture([])).toBeNull();
  });

  it("a list item's picture given by its thumb alone: the other variants follow from a path of the store", () => {
    const [listed] = productPictures([{ type: 'thumb', path: `pictures/${a.slice(0, 2)}/${a}-t.webp` }]);
    expect(listed).toEqual(productPictures(storedImages(a))[0]);
    expect(cardSource([{ type: 'thumb', path: `pictures/${a.slice(0, 2)}/${a}-t.webp` }])).toEqual(cardSource(storedImages(a)));
    expect(productPictures([{ type: 'thumb', path: 'products/ab/x.png' }])).toEqual(productPictures(legacyImages('products/ab/x.png')));
  });

  it('a type missing for a picture falls back on another of the same picture', () => {
    const [p] = productPictures([{ type: 'original', path: 'products/ab/x.png' }]);
    expect(p).toEqual({
      thumb: '/storage/products/ab/x.png',
      small: null,
      medium: '/storage/products/ab/x.png',
      original: '/storage/products/ab/x.png',
      variants: false,
    });
    const [q] = productPictures([
      { type: 'medium_centered', path: 'demo/p/1-1-m.svg' },
      { type: 'thumb', path: 'demo/p/1-1-t.svg' },
    ]);
    expect(q).toMatchObject({
      thumb: '/storage/demo/p/1-1-t.svg',
      small: null,
      medium: '/storage/demo/p/1-1-m.svg',
      original: '/storage/demo/p/1-1-m.svg',
      variants: false,
    });
  });

  it('a card: the thumb with the medium as its 600w, sizes of the grid, square 200 x 200', () => {
    expect(cardSource(storedImages(a))).toEqual({
      src: url(a, '-t.webp'),
      srcSet: `${url(a, '-t.webp')} 200w, ${url(a, '-s.webp')} 400w, ${url(a, '-m.webp')} 600w`,
      sizes: CARD_IMAGE_SIZES,
      width: 200,
      height: 200,
    });
    // Two columns on a phone: 390 px wide gives (390 - 32) / 2 - 16 = 163 px.
    expect(CARD_IMAGE_SIZES.split(', ').at(-1)).toBe('calc((100vw - 32px) / 2 - 16px)');
    expect(CARD_IMAGE_SIZES).toContain('(min-width: 1280px) calc((100vw - 352px) / 4 - 24px)');
  });

  it('a small thumbnail: sizes is its width', () => {
    expect(smallSource(firstPicture(storedImages(a)), 56)).toMatchObject({
      src: url(a, '-t.webp'),
      sizes: '56px',
      srcSet: `${url(a, '-t.webp')} 200w, ${url(a, '-s.webp')} 400w, ${url(a, '-m.webp')} 600w`,
    });
  });

  it('legacy pictures (one path three times, demo SVGs): the file alone, no srcset', () => {
    const legacy = cardSource(legacyImages('products/ab/0f.jpg'));
    expect(legacy).toEqual({ src: '/storage/products/ab/0f.jpg', width: 200, height: 200 });
    const svg = smallSource(
      firstPicture([
        { type: 'thumb', path: 'demo/p/1-1-t.svg' },
        { type: 'medium_centered', path: 'demo/p/1-1-m.svg' },
      ]),
      64,
    );
    expect(svg).toEqual({ src: '/storage/demo/p/1-1-t.svg', width: 200, height: 200 });
  });

  it('no pictures: the placeholder, still with its size', () => {
    expect(cardSource([])).toEqual({ src: '/images/no-img-200pad.svg', width: 200, height: 200 });
    expect(mediumSource(null)).toEqual({ src: '/images/no-img-200pad.svg', width: 600, height: 600 });
    expect(thumbSource(null, '48px').srcSet).toBeUndefined();
  });

  it('the medium for the quick view and the product page: 600 x 600', () => {
    expect(mediumSource(firstPicture(storedImages(a)))).toEqual({ src: url(a, '-m.webp'), width: 600, height: 600 });
  });

  it('one stored path (cart line, promo card) gives its variants when it is of the picture store', () => {
    for (const tail of ['-m.webp', '-t.webp', '.jpg']) {
      expect(pictureFromPath(`pictures/${a.slice(0, 2)}/${a}${tail}`)).toEqual({
        thumb: url(a, '-t.webp'),
        small: url(a, '-s.webp'),
        medium: url(a, '-m.webp'),
        original: url(a, '.jpg'),
        variants: true,
      });
    }
    expect(pictureFromPath('onec/ab/photo.jpg')).toEqual({
      thumb: '/storage/onec/ab/photo.jpg',
      small: null,
      medium: '/storage/onec/ab/photo.jpg',
      original: '/storage/onec/ab/photo.jpg',
      variants: false,
    });
    // Not a hash of the store: used as it is.
    expect(pictureFromPath('pictures/ab/not-a-hash-m.webp')?.variants).toBe(false);
    expect(pictureFromPath(null)).toBeNull();
  });
});
