import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useNavigate, useRoutes } from 'react-router';
import { PRERENDERED_ATTRIBUTE } from '@drop/shared';
import { createLoginRedirect } from './app/login-redirect.ts';
import { AppProviders } from './app/providers.tsx';
import { preloadRoutes, routes } from './app/router.tsx';
import { getBalanceQueryOptions } from './lib/balance.ts';
import { getUserQueryOptions } from './lib/user.ts';
import { getCartQueryOptions } from './features/cart/api/get-cart.ts';
import { getConfigQueryOptions } from './lib/config.ts';
import { getMarketsQueryOptions } from './lib/markets.ts';
import { getNotificationsQueryOptions } from './features/notifications/api/get-notifications.ts';
import { setUnauthorizedHandler } from './lib/api-client.ts';
import { getToken, setToken } from './lib/auth-token.ts';
import { i18n } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';

// zod (loaded later, with the first page that validates) must not probe `new Function` for its
// JIT: the CSP has no 'unsafe-eval', so the probe only logs a policy violation. Set before zod's
// first module runs, which reads this object as its global config.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= { jitless: true };

// /login?token=...: store the token before anything renders, then drop it from the address bar.
const url = new URL(window.location.href);
const queryToken = url.searchParams.get('token');
if (url.pathname === '/login' && queryToken) {
  setToken(queryToken);
  url.searchParams.delete('token');
  window.history.replaceState(null, '', url.pathname + url.search + url.hash);
}

// The declarative router (BrowserRouter + useRoutes): the app uses no data-router API (loaders,
// actions, fetchers, blockers), and it is ~60 kB less JavaScript to download and run first.
const loginRedirect = createLoginRedirect(() => window.location.pathname);

function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => loginRedirect.attach(() => void navigate('/login', { replace: true })), [navigate]);
  return useRoutes(routes);
}

setUnauthorizedHandler(() => {
  queryClient.clear();
  loginRedirect.request();
});

// The page's code and the dashboard shell's data (and the page's first queries) load side by side,
// not each after the previous render.
const signedIn = Boolean(getToken()) && window.location.pathname.startsWith('/dashboard');
const routesLoaded = preloadRoutes(window.location.pathname, { search: window.location.search, withData: signedIn });
// The user and /config: the shell renders once they are there (and so does the first render over a prerendered shell, below).
const shellData: Promise<unknown>[] = [];
if (signedIn) {
  const user = queryClient.fetchQuery(getUserQueryOptions());
  shellData.push(user, queryClient.fetchQuery(getConfigQueryOptions(i18n.language)));
  for (const read of shellData) read.catch(() => undefined); // the layout shows the error
  void queryClient.prefetchQuery(getBalanceQueryOptions());
  // The top bar's bell and cart, and (verified users only: others may not ask) the store switcher.
  void queryClient.prefetchQuery(getNotificationsQueryOptions());
  void queryClient.prefetchQuery(getCartQueryOptions());
  user.then((u) => (u.is_verified ? queryClient.prefetchQuery(getMarketsQueryOptions()) : undefined)).catch(() => undefined);
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');

// A transition: React renders the first screen in slices and lets the browser paint and answer
// input in between, instead of one long task.
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );

// A prerendered page (build-time HTML: the landing page, the dashboard's phone shell) stays until
// its code has loaded, and on the dashboard until the user and /config have too (the shell waits
// for them behind a full-screen spinner), so the first render replaces it with the same page
// instead of a spinner.
if (root.querySelector(`[${PRERENDERED_ATTRIBUTE}]`)) void Promise.allSettled([routesLoaded, ...shellData]).then(render);
else render();
