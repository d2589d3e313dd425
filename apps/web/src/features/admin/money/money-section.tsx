import { Route, Routes } from 'react-router';
import { AdminNotFound } from '../components/no-access-page.tsx';
import { MoneyPage } from './money-page.tsx';

/** /admin/money/*: the top-up and withdrawal queues. */
export default function MoneySection() {
  return (
    <Routes>
      <Route index element={<MoneyPage />} />
      <Route path="*" element={<AdminNotFound />} />
    </Routes>
  );
}
