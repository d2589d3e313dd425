import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { setUnauthorizedHandler } from './lib/api-client.ts';
import { setToken } from './lib/auth-token.ts';
import { queryClient } from './lib/query-client.ts';

// /login?token=...: store the token before anything renders, then drop it from the address bar.
const url = new URL(window.location.href);
const queryToken = url.searchParams.get('token');
if (url.pathname === '/login' && queryToken) {
  setToken(queryToken);
  url.searchParams.delete('token');
  window.history.replaceState(null, '', url.pathname + url.search + url.hash);
}

const router = createAppRouter();

setUnauthorizedHandler(() => {
  queryClient.clear();
  if (router.state.location.pathname !== '/login') void router.navigate('/login', { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
