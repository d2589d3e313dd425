import { Route, Routes, useParams } from 'react-router';
import { AdminOrderPage } from './admin-order-page.tsx';
import { OrdersBoardPage } from './orders-board-page.tsx';

function OrderRoute() {
  const { id } = useParams();
  return <AdminOrderPage key={id} id={Number(id)} />;
}

/** /admin/orders/*: the board or list, and an order's page. */
export default function OrdersSection() {
  return (
    <Routes>
      <Route index element={<OrdersBoardPage />} />
      <Route path=":id" element={<OrderRoute />} />
    </Routes>
  );
}
