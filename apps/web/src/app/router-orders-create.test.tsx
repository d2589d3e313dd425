import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { matchRoutes, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { routes } from './router.tsx';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

describe('/dashboard/orders/create', () => {
  it('leads to the checkout instead of an "in development" page', async () => {
    const leaf = matchRoutes(routes, '/dashboard/orders/create')?.at(-1)?.route;
    expect(leaf?.path).toBe('orders/create');
    render(
      <MemoryRouter initialEntries={['/dashboard/orders/create']}>
        <Routes>
          <Route path="/dashboard/orders/create" element={leaf?.element} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard/checkout');
    expect(screen.queryByTestId('under-construction')).toBeNull();
  });
});
