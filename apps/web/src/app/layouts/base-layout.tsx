import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullScreenSpinner } from '../../components/ui/full-screen-spinner.tsx';

export function BaseLayout() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Outlet />
    </Suspense>
  );
}
