import { Route, Routes } from 'react-router';
import { AdminNotFound } from '../components/no-access-page.tsx';
import { ReportsPage } from './reports-page.tsx';

/** /admin/reports/*: sales, resellers, cash on delivery, refusals and returns, top products (the `reports` area). */
export default function ReportsSection() {
  return (
    <Routes>
      <Route index element={<ReportsPage />} />
      <Route path="*" element={<AdminNotFound home="/admin/reports" />} />
    </Routes>
  );
}
