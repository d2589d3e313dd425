import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { CategoryDto, ExportBuildDto, FeedProviderDto } from '@drop/shared';
import { AppProviders } from '../../test/render.tsx';
import { createQueryClient } from '../../lib/query-client.ts';

export { callOf, reply } from '../../test/fetch-stub.ts';
export { setDesktop } from '../../test/media.ts';

export const PROVIDERS: FeedProviderDto[] = [
  {
    id: 'yml',
    name: 'YML для Prom.ua та Horoshop',
    description: 'Стандартний YML',
    marketplaces: ['Prom.ua', 'Horoshop'],
    name_max: 255,
    checks: ['no_picture'],
  },
  {
    id: 'rozetka',
    name: 'XML для Rozetka',
    description: 'XML за вимогами Rozetka',
    marketplaces: ['Rozetka'],
    name_max: 255,
    checks: ['no_picture', 'no_description'],
  },
];

export const build = (id: number, over: Partial<ExportBuildDto> = {}): ExportBuildDto => ({
  id,
  trigger: 'schedule',
  status: 'done',
  started_at: '2025-03-04T10:00:00Z',
  finished_at: '2025-03-04T10:00:04.250Z',
  offers: 3000,
  bytes: 5_066_141,
  total: 3000,
  warnings_count: 0,
  warnings: {},
  warning_samples: [],
  error: null,
  ...over,
});

export const cat = (id: number, name: string, child: CategoryDto[] = []): CategoryDto => ({
  id,
  name,
  name_uk: name,
  name_ru: `${name} (ru)`,
  image_url: null,
  icon: null,
  icon_color: null,
  parent_id: null,
  products_count: 10,
  child,
});
export const TREE = [cat(1, 'Дім', [cat(11, 'Кухня', [cat(111, 'Посуд')]), cat(12, 'Ванна')]), cat(2, 'Сад')];

function Probe() {
  const l = useLocation();
  return <output data-testid="location">{`${l.pathname}${l.search}`}</output>;
}

/** Renders `ui` at `route` (matched by `path`) with the app's providers and a location probe. */
export function renderAt(ui: ReactElement, route: string, path = route.split('?')[0]!) {
  const client = createQueryClient();
  const result = render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <Probe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, client };
}
