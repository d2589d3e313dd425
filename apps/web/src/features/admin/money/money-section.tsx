import { Route, Routes } from 'react-router';
import { AdminNotFound } from '../components/no-access-page.tsx';
import { LedgerPage } from './ledger-page.tsx';
import { MoneyPage } from './money-page.tsx';

/** /admin/money/*: the top-up and withdrawal queues, and the ledger of every reseller (`operations`). */
export default function MoneySection() {
  return (
    <Routes>
      <Route index element={<MoneyPage />} />
      <Route path="operations" element={<LedgerPage />} />
      <Route path="*" element={<AdminNotFound />} />
    </Routes>
  );
}
