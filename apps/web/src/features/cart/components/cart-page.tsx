/**
 * /dashboard/cart (SPEC section 2): the lines (a table from lg, cards below), the totals, an empty state
 * linking to the catalogue, skeletons while loading. Edit opens the edit-cart dialog; remove asks first.
 * 'Оформити замовлення' (cart-checkout) links to /dashboard/checkout while the cart has lines. Test ids: cart-page (data-state="loading|error|empty|ready"),
 * cart-empty, cart-error, cart-totals; lines: see cart-lines.tsx; dialogs: cart-dialog, cart-remove-dialog.
 */
import { useDeferredValue, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Skeleton from '@mui/material/Skeleton';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CartLineDto } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useCart } from '../api/get-cart.ts';
import { useRemoveCartLine } from '../api/remove-cart-line.ts';
import { draftFromLine, type CartItemDraft } from '../lib/cart-form.ts';
import { CartDialogLazy } from './cart-dialog-lazy.tsx';
import { CartLineCards, CartLinesSkeleton, CartLinesTable } from './cart-lines.tsx';
import { CartRemoveDialog } from './cart-remove-dialog.tsx';
import { CartTotals } from './cart-totals.tsx';

/** Lines and totals side by side on wide screens (xl), stacked below. */
const LAYOUT_SX = { display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 360px' } } as const;
const TOTALS_SX = { width: '100%', maxWidth: { xs: 'none', sm: 400, xl: 'none' }, justifySelf: 'end', position: { xl: 'sticky' }, top: { xl: 88 } } as const;

export function CartPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const toast = useScopedToast();
  const cart = useCart();
  const remove = useRemoveCartLine();
  const [edit, setEdit] = useState<{ item: CartItemDraft | null; open: boolean }>({ item: null, open: false });
  const [removing, setRemoving] = useState<{ line: CartLineDto | null; open: boolean }>({ line: null, open: false });

  const confirmRemove = () => {
    const line = removing.line;
    if (!line) return;
    remove.mutate(line.id, {
      onSuccess: () => {
        setRemoving((r) => ({ ...r, open: false }));
        toast.success(t('cart.page.removed'));
      },
      onError: (e) => {
        setRemoving((r) => ({ ...r, open: false }));
        toast.error(isApiError(e) ? e.message : t('errors.generic'));
        // A line that is gone already (404): show the cart as it is now.
        void cart.refetch();
      },
    });
  };

  const handlers = {
    onEdit: (line: CartLineDto) => setEdit({ item: draftFromLine(line), open: true }),
    onRemove: (line: CartLineDto) => setRemoving({ line, open: true }),
  };

  // The lines render in the background (in slices), not in one long task when the cart arrives.
  const data = useDeferredValue(cart.data);
  const state = data ? (data.items.length === 0 ? 'empty' : 'ready') : cart.isError ? 'error' : 'loading';

  let body;
  if (state === 'loading') {
    body = (
      <Box sx={LAYOUT_SX} aria-busy="true" aria-label={t('common.loading')}>
        <CartLinesSkeleton desktop={desktop} />
        <Card sx={TOTALS_SX} aria-hidden>
          <CardContent>
            <Skeleton width="40%" height={32} />
            <Skeleton />
            <Skeleton />
            <Skeleton />
          </CardContent>
        </Card>
      </Box>
    );
  } else if (state === 'error') {
    body = (
      <EmptyState
        title={t('errors.loadFailed')}
        text={cart.error?.message}
        icon={<ErrorOutlineIcon />}
        testId="cart-error"
        action={
          <Button variant="contained" onClick={() => void cart.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  } else if (state === 'empty' || !data) {
    body = (
      <EmptyState
        title={t('cart.page.emptyTitle')}
        text={t('cart.page.emptyText')}
        icon={<RemoveShoppingCartIcon />}
        testId="cart-empty"
        action={
          <Button component={RouterLink} to="/dashboard/catalog" variant="contained" data-testid="cart-empty-catalog">
            {t('cart.page.toCatalog')}
          </Button>
        }
      />
    );
  } else {
    body = (
      <Box sx={LAYOUT_SX}>
        {desktop ? <CartLinesTable lines={data.items} {...handlers} /> : <CartLineCards lines={data.items} {...handlers} />}
        <Box sx={TOTALS_SX}>
          <CartTotals cart={data} />
        </Box>
      </Box>
    );
  }

  return (
    <Box data-testid="cart-page" data-state={state}>
      <PageHeader
        title={t('pages.cart')}
        icon={<ShoppingCartIcon color="primary" fontSize="large" aria-hidden />}
        actions={
          // Also (disabled) while the cart loads: on phones they wrap under the title, and the lines must not jump down.
          state === 'ready' || state === 'loading' ? (
            <>
              <Button component={RouterLink} to="/dashboard/catalog" variant="outlined" disabled={state === 'loading'} data-testid="cart-continue">
                {t('cart.page.continue')}
              </Button>
              <Button component={RouterLink} to="/dashboard/checkout" variant="contained" disabled={state === 'loading'} data-testid="cart-checkout">
                {t('cart.page.checkout')}
              </Button>
            </>
          ) : undefined
        }
      />
      {body}
      {edit.item && <CartDialogLazy item={edit.item} open={edit.open} onClose={() => setEdit((d) => ({ ...d, open: false }))} />}
      <CartRemoveDialog
        line={removing.line}
        open={removing.open}
        busy={remove.isPending}
        onCancel={() => setRemoving((r) => ({ ...r, open: false }))}
        onConfirm={confirmRemove}
      />
    </Box>
  );
}
