import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { pictureHash } from '../../../test/fixtures/products.ts';
import { CartImage } from './cart-image.tsx';

// Issue 30: a cart line shows the thumb of its picture (the API gives the medium's path).
describe('CartImage', () => {
  const hash = pictureHash(0x7d);
  const base = `/storage/pictures/7d/${hash}`;

  it.each([`pictures/7d/${hash}-m.webp`, `pictures/7d/${hash}-t.webp`])('%s: the thumb at the line size, the medium as 600w, 200 x 200, lazy', (path) => {
    renderWithProviders(<CartImage path={path} size={56} />);
    const img = screen.getByTestId('cart-image');
    expect(img.getAttribute('src')).toBe(`${base}-t.webp`);
    expect(img.getAttribute('srcset')).toBe(`${base}-t.webp 200w, ${base}-s.webp 400w, ${base}-m.webp 600w`);
    expect(img.getAttribute('sizes')).toBe('56px');
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading'), img.getAttribute('decoding')]).toEqual([
      '200',
      '200',
      'lazy',
      'async',
    ]);
  });

  it('a picture stored before: that file, no srcset; none or broken: the placeholder', () => {
    renderWithProviders(
      <>
        <CartImage path="onec/ab/abc.jpg" size={64} />
        <CartImage path={null} size={64} />
        <CartImage path={`pictures/7d/${hash}-m.webp`} size={64} />
      </>,
    );
    const [legacy, none, broken] = screen.getAllByTestId('cart-image');
    expect(legacy!.getAttribute('src')).toBe('/storage/onec/ab/abc.jpg');
    expect(legacy!.hasAttribute('srcset')).toBe(false);
    expect(none!.getAttribute('src')).toBe('/images/no-img-200pad.svg');
    fireEvent.error(broken!);
    expect(broken!.getAttribute('src')).toBe('/images/no-img-200pad.svg');
    expect(broken!.hasAttribute('srcset')).toBe(false);
  });
});
