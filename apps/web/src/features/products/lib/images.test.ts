import { describe, expect, it } from 'vitest';
import { galleryImages, pickImage } from './images.ts';

const imgs = [
  { type: 'original' as const, path: 'p/1-o.jpg' },
  { type: 'medium_centered' as const, path: 'p/1-m.jpg' },
  { type: 'thumb' as const, path: 'p/1-t.jpg' },
  { type: 'original' as const, path: 'p/2-o.jpg' },
  { type: 'medium_centered' as const, path: 'p/2-m.jpg' },
];

describe('product images', () => {
  it('picks the wanted type, then any, then the placeholder', () => {
    expect(pickImage(imgs, 'thumb')).toBe('/storage/p/1-t.jpg');
    expect(pickImage(imgs, 'medium_centered')).toBe('/storage/p/1-m.jpg');
    expect(pickImage([{ type: 'original', path: '/p/x.jpg' }], 'thumb')).toBe('/storage/p/x.jpg');
    expect(pickImage([], 'thumb')).toBe('/images/no-img-200pad.svg');
  });

  it('lists every picture of a type for the carousel', () => {
    expect(galleryImages(imgs)).toEqual(['/storage/p/1-m.jpg', '/storage/p/2-m.jpg']);
    expect(galleryImages(imgs.filter((i) => i.type !== 'medium_centered'))).toEqual(['/storage/p/1-o.jpg', '/storage/p/2-o.jpg']);
    expect(galleryImages([])).toEqual(['/images/no-img-200pad.svg']);
  });
});
