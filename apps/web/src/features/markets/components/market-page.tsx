/** /dashboard/markets/create and /dashboard/markets/{id}: the store form with its data and saving. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { MAX_MARKETS, PRODUCT_PER_PAGE_OPTIONS, productsResponse, type MarketInput } from '@drop/shared';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { api, isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useUser } from '../../../lib/user.ts';
import { useCategories } from '../../../lib/categories-query.ts';
import { useMarkets } from '../../../lib/markets.ts';
import { useCreateMarket, useMarket, useUpdateMarket } from '../api/markets.ts';
import { emptyMarketForm, marketFormOf } from '../lib/market-form.ts';
import { MarketForm } from './market-form.tsx';

const PROFILE_HREF = '/dashboard/profile';

/** The smallest page the products list accepts (DESIGN: per_page is one of 5, 10, 20, 30, 50, 100). */
export const SAMPLE_PER_PAGE = Math.min(...PRODUCT_PER_PAGE_OPTIONS);

/** One product for the sample price line (a priced one when the first page has it; prices without a store). */
function useSampleProduct(enabled: boolean) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['markets', 'sample-product', i18n.language],
    queryFn: async ({ signal }) => {
      const { data } = productsResponse.parse(await api.raw('GET', '/products', { query: { per_page: SAMPLE_PER_PAGE }, signal }));
      return data.find((p) => p.drop_price > 0) ?? data[0] ?? null;
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** What the form cannot show under a field (422 field errors it shows itself). */
function useSaveError() {
  const { t } = useTranslation();
  const toast = useScopedToast();
  return (e: unknown) => {
    if (isApiError(e) && (e.code === 'MarketsLimit' || e.status === 400)) toast.warning(e.message);
    else toast.error(isApiError(e) ? e.message : t('errors.generic'));
  };
}

export function MarketCreatePage() {
  return <MarketPage id={null} />;
}

export function MarketEditPage() {
  const { id } = useParams();
  return <MarketPage key={id} id={Number(id)} />;
}

function MarketPage({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const toast = useScopedToast();
  const navigate = useNavigate();
  const user = useUser(false).data;
  const verified = user?.is_verified === true;
  const categories = useCategories();
  const sample = useSampleProduct(verified);
  const market = useMarket(verified && id !== null ? id : 0);
  // The create form is for a user below MAX_MARKETS stores (a sixth is refused 400 MarketsLimit).
  const markets = useMarkets(verified && id === null);
  const full = id === null && (markets.data?.length ?? 0) >= MAX_MARKETS;
  const create = useCreateMarket();
  const update = useUpdateMarket(id ?? 0);
  const onError = useSaveError();

  const title = id === null ? t('pages.marketCreate') : t('pages.marketEdit');
  if (user && !verified) {
    return (
      <>
        <PageHeader title={title} />
        <Alert severity="info" data-testid="market-not-verified">
          {t('markets.notVerified')}
        </Alert>
      </>
    );
  }
  if (id !== null && (!Number.isSafeInteger(id) || id <= 0 || market.isError)) {
    return (
      <>
        <PageHeader title={title} />
        <Alert severity="warning" data-testid="market-not-found">
          {t('markets.notFound')}
        </Alert>
      </>
    );
  }
  if (full) {
    return (
      <>
        <PageHeader title={title} />
        <Alert
          severity="warning"
          data-testid="market-limit-reached"
          action={
            <Button component={Link} to={PROFILE_HREF} color="inherit" size="small" data-testid="market-limit-to-list">
              {t('markets.toList')}
            </Button>
          }
        >
          {t('markets.limitReached', { max: MAX_MARKETS })}
        </Alert>
      </>
    );
  }
  // Creating waits for the store list (an error lets the form show: the API still refuses a sixth).
  const initial = id === null ? (markets.isPending && verified ? null : emptyMarketForm()) : market.data ? marketFormOf(market.data) : null;

  const submit = async (payload: MarketInput) => {
    await (id === null ? create.mutateAsync(payload) : update.mutateAsync(payload));
    toast.success(id === null ? t('markets.created') : t('markets.updated'));
    void navigate(PROFILE_HREF);
  };

  return (
    <>
      <PageHeader title={id !== null && market.data ? `${title}: ${market.data.name}` : title} />
      {!initial ? (
        <Skeleton variant="rounded" height={320} data-testid="market-loading" />
      ) : (
        <MarketForm
          initial={initial}
          categories={categories.data}
          categoriesLoading={categories.isPending}
          sample={sample.data ?? undefined}
          onSubmit={submit}
          onError={onError}
          onCancel={() => void navigate(PROFILE_HREF)}
        />
      )}
    </>
  );
}
