/**
 * Add-to-cart and edit-cart dialog (SPEC sections 2, 4, 5, 8; max width 400): quantity (at least 1),
 * selling price (default: markup_price on add, the line's price on edit; snapped up to the drop price
 * when committed), drop and recommended prices, live profit, warnings, 422 messages under the fields
 * (cleared on input), 400 refusals as warning toasts. On success: closes, a success toast, onDone(cart).
 * While the supplier enforces the recommended price (/config), a price below it disables the confirm
 * button and the dialog says why (cart-refusal-recommended) instead of the soft warning; with the
 * floor off only a price below drop disables it.
 * Test ids: cart-dialog, cart-qty, cart-qty-decrease, cart-qty-increase, cart-price, cart-profit,
 * cart-warning-drop, cart-warning-recommended, cart-refusal-recommended, cart-warning-stock,
 * cart-confirm, cart-cancel.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_CART_QTY, formatMoney, type CartDto } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useAddToCart } from '../api/add-to-cart.ts';
import { cartKeys } from '../api/keys.ts';
import { useUpdateCartLine } from '../api/update-cart-line.ts';
import { useRecommendedFloor } from '../../../lib/config.ts';
import { cartFailure } from '../lib/cart-errors.ts';
import { evaluateCartForm, initialPrice, minimumPrice, sanitizePriceInput, sanitizeQtyInput, snapPrice, type CartItemDraft } from '../lib/cart-form.ts';
import { CartImage } from './cart-image.tsx';

export interface CartDialogProps {
  /** The product (add) or line (edit); kept while the dialog fades out. */
  item: CartItemDraft | null;
  open: boolean;
  onClose: () => void;
  /** Called with the new cart after a successful add or edit. */
  onDone?: ((cart: CartDto) => void) | undefined;
}

export function CartDialog({ item, open, onClose, onDone }: CartDialogProps) {
  const { t } = useTranslation();
  const edit = item?.lineId != null;
  return (
    <Dialog
      open={open && item !== null}
      onClose={onClose}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 400, m: { xs: 1.5, sm: 4 }, width: { xs: 'calc(100% - 24px)', sm: 'calc(100% - 64px)' } } } }}
      aria-labelledby="cart-dialog-title"
      data-testid="cart-dialog"
      data-mode={edit ? 'edit' : 'add'}
    >
      <DialogTitle id="cart-dialog-title">{t(edit ? 'cart.dialog.editTitle' : 'cart.dialog.addTitle')}</DialogTitle>
      {item && <CartForm item={item} onClose={onClose} onDone={onDone} />}
    </Dialog>
  );
}

interface Values {
  qty: string;
  retail_price: string;
}

function CartForm({ item, onClose, onDone }: { item: CartItemDraft; onClose: () => void; onDone?: ((cart: CartDto) => void) | undefined }) {
  const { t } = useTranslation();
  // Refusals belong to this dialog: they go when it closes; the success notice stays.
  const toast = useScopedToast();
  const qc = useQueryClient();
  const add = useAddToCart();
  const update = useUpdateCartLine();
  const busy = add.isPending || update.isPending;
  const edit = item.lineId !== null;
  const form = useForm<Values>({ defaultValues: { qty: String(item.qty), retail_price: initialPrice(item) } });
  const { errors } = form.formState;
  const [qtyRaw = '', priceRaw = ''] = useWatch({ control: form.control, name: ['qty', 'retail_price'] });
  const floor = useRecommendedFloor();
  const state = evaluateCartForm(item, qtyRaw, priceRaw, floor);
  const uah = (v: number) => `${formatMoney(v)} ${t('common.currency')}`;

  /** A typed value replaces the field and drops its server message (SPEC section 5). */
  const setField = (name: keyof Values, value: string) => {
    form.setValue(name, value);
    if (form.getFieldState(name).error) form.clearErrors(name);
  };
  const commitPrice = () => {
    const snapped = snapPrice(form.getValues('retail_price'), item.dropPrice);
    if (snapped !== form.getValues('retail_price')) setField('retail_price', snapped);
  };
  const stepQty = (delta: number) => {
    const next = Math.min(MAX_CART_QTY, Math.max(1, (state.qty ?? 0) + delta));
    setField('qty', String(next));
  };

  const onSubmit = form.handleSubmit(() => {
    if (!state.canSubmit || state.qty === null || state.price === null) return;
    const body = { qty: state.qty, retail_price: state.price };
    const handlers = {
      onSuccess: (cart: CartDto) => {
        onClose();
        toast.success(t(edit ? 'cart.dialog.updated' : 'cart.dialog.added'));
        onDone?.(cart);
      },
      onError: (e: unknown) => {
        // The line is gone (removed elsewhere): show the cart as it is now.
        if (isApiError(e) && e.status === 404) void qc.invalidateQueries({ queryKey: cartKeys.all });
        const failure = cartFailure(e, t('errors.generic'));
        if (failure.kind === 'warning') toast.warning(failure.message);
        else if (failure.kind === 'error') toast.error(failure.message);
        else for (const [field, message] of Object.entries(failure.fields)) form.setError(field as keyof Values, { type: 'server', message });
      },
    };
    if (item.lineId !== null) update.mutate({ id: item.lineId, ...body }, handlers);
    else add.mutate({ product_id: item.productId, ...body }, handlers);
  });

  const qtyHelper =
    errors.qty?.message ?? (state.qtyTooSmall ? t('cart.dialog.qtyMin') : state.qtyTooBig ? t('cart.dialog.qtyMax', { max: MAX_CART_QTY }) : undefined);
  const priceHelper =
    errors.retail_price?.message ??
    (state.priceMissing ? t('cart.dialog.priceRequired') : t('cart.dialog.priceHint', { price: uah(minimumPrice(item, floor)) }));

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'contents' }}>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
          <CartImage path={item.image} size={56} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', lineHeight: 1.35 }} data-testid="cart-dialog-name">
              {item.name}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('cart.code')}: <b>{item.code}</b>
              {item.vendorCode && ` · ${t('cart.vendorCode')}: ${item.vendorCode}`}
            </Typography>
          </Box>
        </Box>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: '1fr auto',
            rowGap: 0.5,
            columnGap: 2,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, textAlign: 'right', fontWeight: 600 },
          }}
        >
          <Typography component="dt" variant="body2">
            {t('cart.dropPrice')}
          </Typography>
          <Typography component="dd" variant="body2" data-testid="cart-drop-price">
            {uah(item.dropPrice)}
          </Typography>
          <Typography component="dt" variant="body2">
            {t('cart.recommendedPrice')}
          </Typography>
          <Typography component="dd" variant="body2" data-testid="cart-recommended-price">
            {uah(item.recommendedPrice)}
          </Typography>
          <Typography component="dt" variant="body2">
            {t('cart.stock')}
          </Typography>
          <Typography component="dd" variant="body2" data-testid="cart-stock">
            {item.stockText}
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)', gap: 1.5, alignItems: 'start' }}>
          <Controller
            control={form.control}
            name="qty"
            render={({ field }) => (
              <TextField
                id="cart-qty"
                label={t('cart.qty')}
                required
                name={field.name}
                value={field.value}
                inputRef={field.ref}
                onBlur={field.onBlur}
                onChange={(e) => setField('qty', sanitizeQtyInput(e.target.value))}
                error={Boolean(errors.qty) || state.qtyTooSmall || state.qtyTooBig}
                helperText={qtyHelper}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'data-testid': 'cart-qty', sx: { textAlign: 'center', px: 0 } },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start" sx={{ mr: 0 }}>
                        <IconButton
                          size="small"
                          edge="start"
                          aria-label={t('cart.dialog.decrease')}
                          disabled={state.qty === null || state.qty <= 1}
                          onClick={() => stepQty(-1)}
                          data-testid="cart-qty-decrease"
                        >
                          <RemoveIcon fontSize="small" />
                        </IconButton>
                      </InputAdornment>
                    ),
                    endAdornment: (
                      <InputAdornment position="end" sx={{ ml: 0 }}>
                        <IconButton
                          size="small"
                          edge="end"
                          aria-label={t('cart.dialog.increase')}
                          disabled={state.qty !== null && state.qty >= MAX_CART_QTY}
                          onClick={() => stepQty(1)}
                          data-testid="cart-qty-increase"
                        >
                          <AddIcon fontSize="small" />
                        </IconButton>
                      </InputAdornment>
                    ),
                  },
                }}
              />
            )}
          />
          <Controller
            control={form.control}
            name="retail_price"
            render={({ field }) => (
              <TextField
                id="cart-price"
                label={t('cart.retailPrice')}
                required
                name={field.name}
                value={field.value}
                inputRef={field.ref}
                onChange={(e) => setField('retail_price', sanitizePriceInput(e.target.value))}
                onBlur={() => {
                  commitPrice();
                  field.onBlur();
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') commitPrice();
                }}
                error={Boolean(errors.retail_price) || state.priceMissing}
                helperText={priceHelper}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', autoComplete: 'off', 'data-testid': 'cart-price' },
                  input: { endAdornment: <InputAdornment position="end">{t('common.currency')}</InputAdornment> },
                }}
              />
            )}
          />
        </Box>
        <Box
          sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 1 }}
          aria-live="polite"
        >
          <Typography variant="body2" color="text.secondary">
            {t('cart.profit')}
          </Typography>
          <Typography
            sx={{ fontWeight: 700, fontSize: '1.125rem', color: state.profit !== null && state.profit < 0 ? 'error.main' : 'success.main' }}
            data-testid="cart-profit"
          >
            {state.profit === null ? '-' : uah(state.profit)}
          </Typography>
        </Box>
        {(state.belowDrop || state.belowRecommended || state.belowFloor || state.aboveStock) && (
          <Stack spacing={1} aria-live="polite">
            {state.belowFloor && (
              <Alert severity="error" data-testid="cart-refusal-recommended">
                {t('cart.dialog.refusalRecommended', { price: uah(item.recommendedPrice) })}
              </Alert>
            )}
            {state.belowDrop && !state.belowFloor && (
              <Alert severity="warning" data-testid="cart-warning-drop">
                {t('cart.dialog.warningDrop', { price: uah(item.dropPrice) })}
              </Alert>
            )}
            {state.belowRecommended && !state.belowFloor && (
              <Alert severity="warning" data-testid="cart-warning-recommended">
                {t('cart.dialog.warningRecommended', { price: uah(item.recommendedPrice) })}
              </Alert>
            )}
            {state.aboveStock && (
              <Alert severity="warning" data-testid="cart-warning-stock">
                {t('cart.dialog.warningStock', { stock: item.stockText })}
              </Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="cart-cancel">
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={busy} disabled={!state.canSubmit} data-testid="cart-confirm">
          {t(edit ? 'cart.dialog.confirmEdit' : 'cart.dialog.confirmAdd')}
        </Button>
      </DialogActions>
    </Box>
  );
}
