import type { Params } from 'react-router';

/** Where a route's element renders: its props, the URL's params and query. */
export interface RouteDataContext {
  props: Record<string, unknown>;
  params: Params;
  search: string;
}

/**
 * Starts the first queries a page makes, on a signed-in first visit (see preloadRoutes in
 * app/router.tsx), so they run while the page's code starts instead of after its first render;
 * the page finds them in the query cache under the same keys.
 */
export type RoutePrefetch = (ctx: RouteDataContext) => void;
