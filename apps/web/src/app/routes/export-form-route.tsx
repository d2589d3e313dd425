import { useParams } from 'react-router';
import { useUser } from '../../lib/user.ts';
import { useCategories } from '../../lib/categories-query.ts';
import { ExportFormPage } from '../../features/exports/components/export-form-page.tsx';
import { useMarkets } from '../../lib/markets.ts';

/**
 * Composes the feed form with the catalogue tree (category picker) and the user's verification
 * and stores (the store price source is for verified users with a store).
 */
function ExportForm({ id }: { id: number | null }) {
  const user = useUser(false).data;
  const verified = user?.is_verified === true;
  const categories = useCategories();
  const markets = useMarkets(verified);
  return (
    <ExportFormPage
      id={id}
      categories={categories.data}
      categoriesLoading={categories.isPending}
      market={{ verified, markets: verified ? (markets.data ?? []) : [] }}
      marketsLoading={user === undefined || (verified && markets.isPending)}
    />
  );
}

export function ExportCreateRoute() {
  return <ExportForm id={null} />;
}

export function ExportEditRoute() {
  const { id } = useParams();
  return <ExportForm key={id} id={Number(id)} />;
}
