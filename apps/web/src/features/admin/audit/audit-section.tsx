import { Route, Routes } from 'react-router';
import { AdminNotFound } from '../components/no-access-page.tsx';
import { AuditPage } from './audit-page.tsx';

/** /admin/audit/*: the audit log. */
export default function AuditSection() {
  return (
    <Routes>
      <Route index element={<AuditPage />} />
      <Route path="*" element={<AdminNotFound />} />
    </Routes>
  );
}
