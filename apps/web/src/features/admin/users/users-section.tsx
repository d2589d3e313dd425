import { Route, Routes } from 'react-router';
import { AdminNotFound } from '../components/no-access-page.tsx';
import { UserDetailPage } from './user-detail-page.tsx';
import { UsersListPage } from './users-list-page.tsx';

/** /admin/users/*: the list and one reseller. */
export default function UsersSection() {
  return (
    <Routes>
      <Route index element={<UsersListPage />} />
      <Route path=":id" element={<UserDetailPage />} />
      <Route path="*" element={<AdminNotFound />} />
    </Routes>
  );
}
