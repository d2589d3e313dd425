import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { CAROUSEL_INTERVAL_MS, ImageCarousel } from './image-carousel.tsx';
import { productPictures } from '../../../lib/images.ts';

const pictures = (...paths: string[]) => productPictures(paths.map((path) => ({ type: 'medium_centered' as const, path })));

describe('ImageCarousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('advances every 6000 ms and steps with prev, next and the dots', () => {
    renderWithProviders(<ImageCarousel pictures={pictures('a.svg', 'b.svg', 'c.svg')} alt="Лампа" />);
    const carousel = screen.getByTestId('image-carousel');
    expect(CAROUSEL_INTERVAL_MS).toBe(6000);
    expect(carousel.getAttribute('data-index')).toBe('0');
    act(() => {
      vi.advanceTimersByTime(5999);
    });
    expect(carousel.getAttribute('data-index')).toBe('0');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(carousel.getAttribute('data-index')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Наступне зображення' }));
    expect(carousel.getAttribute('data-index')).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Наступне зображення' }));
    expect(carousel.getAttribute('data-index')).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: 'Попереднє зображення' }));
    expect(carousel.getAttribute('data-index')).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Зображення 2' }));
    expect(carousel.getAttribute('data-index')).toBe('1');
    expect(screen.getAllByTestId('carousel-dot')).toHaveLength(3);
  });

  it('shows one image without controls', () => {
    renderWithProviders(<ImageCarousel pictures={pictures('a.svg')} alt="Лампа" />);
    expect(screen.queryByTestId('carousel-next')).toBeNull();
    expect(screen.getByRole('img', { name: 'Лампа' })).toBeTruthy();
  });
});
