/**
 * /admin/* (lazy, one chunk): the signed-in user must be staff (isStaffRole); a reseller gets the
 * no-access page. The sections (ADMIN_SECTIONS) are nested routes `/admin/<path>/*`; a section the
 * role may not open (mayAccess of its area) shows the no-access state inside the shell, and /admin
 * goes to the first section the role may open.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Navigate, Route, Routes } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { FullScreenSpinner } from '../../components/ui/full-screen-spinner.tsx';
import { isStaffRole, mayAccess } from '@drop/shared';
import { useUser } from '../../lib/user.ts';
import { AdminShell } from './components/admin-shell.tsx';
import { AdminNotFound, NoAccessPage, SectionNoAccess } from './components/no-access-page.tsx';
import { useAdminT } from './i18n.ts';
import { ADMIN_SECTIONS, firstSectionPath } from './sections.tsx';

export const isStaff = (role: string | undefined) => isStaffRole(role);

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
  const { role } = user.data;
  if (!isStaff(role)) return <NoAccessPage />;
  const home = firstSectionPath(role);
  return (
    <AdminShell user={user.data}>
      <Routes>
        <Route index element={<Navigate to={home} replace />} />
        {ADMIN_SECTIONS.map((s) => (
          <Route key={s.path} path={`${s.path}/*`} element={mayAccess(role, s.access) ? <s.element /> : <SectionNoAccess role={role} home={home} />} />
        ))}
        <Route path="*" element={<AdminNotFound />} />
      </Routes>
    </AdminShell>
  );
}

export default AdminApp;
