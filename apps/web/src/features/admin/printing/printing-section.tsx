import { Route, Routes } from 'react-router';
import { AdminNotFound } from '../components/no-access-page.tsx';
import { PrintingPage } from './printing-page.tsx';

/** /admin/printing/*: the shipment register, printing by order numbers, the supplier's requisites (the `printing` area). */
export default function PrintingSection() {
  return (
    <Routes>
      <Route index element={<PrintingPage />} />
      <Route path="*" element={<AdminNotFound home="/admin/printing" />} />
    </Routes>
  );
}
