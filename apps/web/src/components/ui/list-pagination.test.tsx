import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ListPagination } from './list-pagination.tsx';

const pages = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('ListPagination (the lists’ shared pages)', () => {
  it('is not there with one page', () => {
    const { container } = render(<ListPagination page={1} lastPage={1} onChange={vi.fn()} label="Сторінки" testId="p" />);
    expect(container.innerHTML).toBe('');
  });

  it('shows 7 places from sm up (first … p-1 p p+1 … last), named, the current page marked, a click goes to its page', () => {
    const onChange = vi.fn();
    render(<ListPagination page={5} lastPage={10} onChange={onChange} label="Сторінки" testId="p" />);
    const nav = screen.getByRole('navigation', { name: 'Сторінки' });
    expect(nav.getAttribute('data-testid')).toBe('p');
    expect(pages(nav)).toEqual(['', '1', '4', '5', '6', '10', '']); // previous, pages, next
    expect(within(nav).getAllByRole('listitem')).toHaveLength(9); // and the two ellipses
    expect(within(nav).getByRole('button', { current: 'page' }).textContent).toBe('5');
    fireEvent.click(within(nav).getByRole('button', { name: 'Go to page 6' }));
    expect(onChange).toHaveBeenCalledWith(6);
  });

  it('clamps a page past the end to the last one', () => {
    render(<ListPagination page={12} lastPage={10} onChange={vi.fn()} label="Сторінки" testId="p" />);
    expect(screen.getByRole('button', { current: 'page' }).textContent).toBe('10');
  });

  it('names the buttons with itemLabel and, inline, renders no row of its own', () => {
    const { container } = render(
      <ListPagination
        inline
        page={2}
        lastPage={3}
        onChange={vi.fn()}
        label="Сторінки"
        testId="p"
        itemLabel={(type, n, selected) => (type === 'page' ? `${selected ? 'Сторінка' : 'До сторінки'} ${n}` : type)}
      />,
    );
    expect(screen.getByRole('button', { name: 'Сторінка 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'До сторінки 3' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'next' })).toBeTruthy();
    expect(container.firstElementChild?.tagName).toBe('NAV');
  });
});
