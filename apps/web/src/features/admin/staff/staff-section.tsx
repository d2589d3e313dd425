import { Route, Routes } from 'react-router';
import { AdminNotFound } from '../components/no-access-page.tsx';
import { StaffListPage } from './staff-list-page.tsx';

/** /admin/staff/*: the supplier's staff (admins only: the `staff` area of STAFF_ACCESS). */
export default function StaffSection() {
  return (
    <Routes>
      <Route index element={<StaffListPage />} />
      <Route path="*" element={<AdminNotFound home="/admin/staff" />} />
    </Routes>
  );
}
