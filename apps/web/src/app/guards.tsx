import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { FullScreenSpinner } from '../components/ui/full-screen-spinner.tsx';
import { authKeys, getUser } from '../lib/user.ts';
import { useToken } from '../lib/auth-token.ts';

/** Dashboard routes need a token; without one the user goes to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** /login and /register: a valid stored token goes straight to /dashboard; an invalid one is dropped and the page stays. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const token = useToken();
  const check = useQuery({
    queryKey: authKeys.user,
    queryFn: () => getUser(false),
    enabled: Boolean(token),
    retry: false,
    staleTime: 10_000,
  });
  if (!token) return children;
  if (check.isPending) return <FullScreenSpinner />;
  if (check.isSuccess) return <Navigate to="/dashboard" replace />;
  return children;
}
