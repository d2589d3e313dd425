/**
 * /admin/* (lazy, one chunk): the signed-in user must be an operator or an admin; a reseller gets
 * the no-access page. The sections (ADMIN_SECTIONS) are nested routes `/admin/<path>/*`.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Navigate, Route, Routes } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FullScreenSpinner } from '../../components/ui/full-screen-spinner.tsx';
import { useUser } from '../auth/api/get-user.ts';
import { AdminShell } from './components/admin-shell.tsx';
import { AdminNotFound, NoAccessPage } from './components/no-access-page.tsx';
import { useAdminT } from './i18n.ts';
import { ADMIN_SECTIONS } from './sections.tsx';

export const isStaff = (role: string | undefined) => role === 'operator' || role === 'admin';

export function AdminApp() {
  const { t, tc } = useAdminT();
  const user = useUser();
  if (user.isPending) return <FullScreenSpinner />;
  if (user.isError) {
    return (
      <Box sx={{ p: 3, maxWidth: 600, mx: 'auto', mt: 8 }}>
        <EmptyState
          title={tc('errors.loadFailed')}
          text={user.error.message}
          action={
            <Button variant="contained" onClick={() => void user.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      </Box>
    );
  }
  if (!isStaff(user.data.role)) return <NoAccessPage />;
  const first = ADMIN_SECTIONS[0]?.path ?? 'users';
  return (
    <AdminShell user={user.data}>
      <Routes>
        <Route index element={<Navigate to={first} replace />} />
        {ADMIN_SECTIONS.map((s) => (
          <Route key={s.path} path={`${s.path}/*`} element={<s.element />} />
        ))}
        <Route path="*" element={<AdminNotFound />} />
      </Routes>
    </AdminShell>
  );
}

export default AdminApp;
