/** Confirms removing a cart line. Test ids: cart-remove-dialog, cart-remove-confirm, cart-remove-cancel. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import type { CartLineDto } from '@drop/shared';

export function CartRemoveDialog({
  line,
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  line: CartLineDto | null;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open && line !== null}
      onClose={busy ? undefined : onCancel}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 400 } } }}
      aria-labelledby="cart-remove-title"
      aria-describedby="cart-remove-text"
      data-testid="cart-remove-dialog"
    >
      <DialogTitle id="cart-remove-title">{t('cart.page.removeTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="cart-remove-text" sx={{ overflowWrap: 'anywhere' }}>
          {t('cart.page.removeText', { name: line?.product.name ?? '' })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} data-testid="cart-remove-cancel">
          {t('common.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={busy} data-testid="cart-remove-confirm">
          {t('cart.page.removeConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
