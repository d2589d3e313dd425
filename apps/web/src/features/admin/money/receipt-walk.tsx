/**
 * The top-up queue, one receipt after another in one dialog (issue 28): "Попереднє" / "Наступне"
 * through the page's top-ups, the claimed amount beside the receipt, and the decision from there —
 * approve for the claimed amount at once, another amount (the approve dialog), or decline (the
 * decline dialog, its reason focused). After a decision the page moves the dialog on to the next
 * pending top-up (see TopUps in money-page.tsx). Keys (shown under "Клавіші"): ← / → or J / K move,
 * A approves the claim, D declines, Esc closes; they are read by the key's place (KeyA...), so the
 * Ukrainian layout works too, and ignored while typing in a field or while a decision is on its way.
 * The withdrawals' variant (WithdrawWalk) shows the amount and the card: P marks it paid at once.
 * Test ids: receipt-dialog (data-id), receipt-prev, receipt-next, receipt-position, receipt-keys,
 * receipt-approve, receipt-other, receipt-decline, receipt-claimed, receipt-credited; withdraw-walk
 * (data-id), withdraw-walk-paid, withdraw-walk-decline.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import KeyboardOutlined from '@mui/icons-material/KeyboardOutlined';
import { formatMoney } from '@drop/shared';
import type { AdminPayment, AdminWithdraw } from '../api/money.ts';
import { useAdminT } from '../i18n.ts';
import { BlobDownload, Outcome, ReceiptFile, useReceiptBlob } from './receipt-preview.tsx';

export type WalkKey = 'prev' | 'next' | 'accept' | 'decline';

/**
 * The walk's command for a key press, or null: modifier keys, keys typed into a field and keys from
 * outside the dialog's own DOM (another dialog on top of it) do nothing. `accept` is A for top-ups, P for withdrawals.
 */
export function walkKey(e: React.KeyboardEvent<HTMLElement>, accept: 'KeyA' | 'KeyP'): WalkKey | null {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return null;
  const target = e.target as HTMLElement;
  if (!e.currentTarget.contains(target)) return null;
  if (target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"], [role="combobox"]')) return null;
  const code = e.code || `Key${e.key.toUpperCase()}`;
  if (e.key === 'ArrowRight' || code === 'KeyJ') return 'next';
  if (e.key === 'ArrowLeft' || code === 'KeyK') return 'prev';
  if (code === accept) return 'accept';
  if (code === 'KeyD') return 'decline';
  return null;
}

interface WalkFrameProps<T extends { id: number }> {
  items: T[];
  item: T;
  title: string;
  testId: string;
  accept: 'KeyA' | 'KeyP';
  keysHint: string;
  /** A decision is on its way, or another dialog is on top: keys and buttons wait. */
  busy: boolean;
  /** Approve / mark paid and decline are offered (the item is still open). */
  open: boolean;
  onMove: (id: number) => void;
  onAccept: () => void;
  onDecline: () => void;
  onClose: () => void;
  header?: ReactNode;
  children: ReactNode;
  actions: ReactNode;
}

function WalkFrame<T extends { id: number }>({
  items,
  item,
  title,
  testId,
  accept,
  keysHint,
  busy,
  open,
  onMove,
  onAccept,
  onDecline,
  onClose,
  header,
  children,
  actions,
}: WalkFrameProps<T>) {
  const { t, tc } = useAdminT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const index = items.findIndex((x) => x.id === item.id);
  const prev = index > 0 ? items[index - 1] : undefined;
  const next = index >= 0 && index < items.length - 1 ? items[index + 1] : undefined;
  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const command = walkKey(e, accept);
    if (!command) return;
    e.preventDefault();
    if (command === 'prev' && prev) onMove(prev.id);
    if (command === 'next' && next) onMove(next.id);
    if (busy || !open) return;
    if (command === 'accept') onAccept();
    if (command === 'decline') onDecline();
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      fullScreen={phone}
      maxWidth="md"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      data-id={item.id}
      onKeyDown={onKeyDown}
    >
      <DialogTitle id={`${testId}-title`} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', pb: 1 }}>
        <Box component="span" sx={{ flexGrow: 1 }}>
          {title}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <Button size="small" startIcon={<ChevronLeft />} disabled={!prev} onClick={() => prev && onMove(prev.id)} data-testid="receipt-prev">
            {t('money.walk.prev')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid="receipt-position">
            {t('money.walk.position', { index: index + 1, total: items.length })}
          </Typography>
          <Button size="small" endIcon={<ChevronRight />} disabled={!next} onClick={() => next && onMove(next.id)} data-testid="receipt-next">
            {t('money.walk.next')}
          </Button>
        </Box>
      </DialogTitle>
      {header}
      <DialogContent sx={{ display: 'flex', justifyContent: 'center', minHeight: 200 }}>{children}</DialogContent>
      <Typography
        variant="caption"
        color="text.secondary"
        component="div"
        sx={{ px: 3, pb: 1, display: { xs: 'none', sm: 'flex' }, alignItems: 'center', gap: 0.75 }}
        data-testid="receipt-keys"
      >
        <KeyboardOutlined fontSize="small" aria-hidden />
        <span>
          <b>{t('money.walk.keys')}:</b> {keysHint}
        </span>
      </Typography>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        {actions}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose} disabled={busy}>
          {tc('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export interface ReceiptWalkProps {
  items: AdminPayment[];
  item: AdminPayment;
  busy: boolean;
  onMove: (id: number) => void;
  /** Approve for the claimed amount. */
  onApprove: (item: AdminPayment) => void;
  /** Approve another amount (the approve dialog). */
  onOther: (item: AdminPayment) => void;
  onDecline: (item: AdminPayment) => void;
  onClose: () => void;
}

export function ReceiptWalk({ items, item, busy, onMove, onApprove, onOther, onDecline, onClose }: ReceiptWalkProps) {
  const { t } = useAdminT();
  const doc = item.document;
  const file = useReceiptBlob(doc ?? { id: 0, name: '', mime: '', size: 0, url: '', created_at: '' }, Boolean(doc));
  const pending = item.status === 'Pending';
  return (
    <WalkFrame
      items={items}
      item={item}
      title={t('money.receipt.title', { id: item.id })}
      testId="receipt-dialog"
      accept="KeyA"
      keysHint={t('money.walk.keysHint')}
      busy={busy}
      open={pending}
      onMove={onMove}
      onAccept={() => onApprove(item)}
      onDecline={() => onDecline(item)}
      onClose={onClose}
      header={
        <>
          <Typography sx={{ px: 3, pb: 1, fontWeight: 600 }} data-testid="receipt-claimed">
            {t('money.receipt.claimed', { amount: formatMoney(item.amount) })}
          </Typography>
          <Outcome status={item.status} claimed={item.amount} credited={item.credited_amount} reason={item.credit_reason} />
          {item.comment && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 1, overflowWrap: 'anywhere' }}>
              {item.comment}
            </Typography>
          )}
        </>
      }
      actions={
        <>
          {doc && file.data && <BlobDownload blob={file.data} name={doc.name} label={t('money.receipt.download')} />}
          {pending && (
            <>
              <Button color="error" disabled={busy} onClick={() => onDecline(item)} data-testid="receipt-decline">
                {t('money.decline')} (D)
              </Button>
              <Button disabled={busy} onClick={() => onOther(item)} data-testid="receipt-other">
                {t('money.walk.other')}
              </Button>
              <Button variant="contained" color="success" loading={busy} onClick={() => onApprove(item)} data-testid="receipt-approve">
                {t('money.walk.approveClaimed', { amount: formatMoney(item.amount) })} (A)
              </Button>
            </>
          )}
        </>
      }
    >
      {doc ? (
        <ReceiptFile doc={doc} file={file} />
      ) : (
        <Typography color="text.secondary" sx={{ alignSelf: 'center' }}>
          {t('money.receipt.none')}
        </Typography>
      )}
    </WalkFrame>
  );
}

export interface WithdrawWalkProps {
  items: AdminWithdraw[];
  item: AdminWithdraw;
  busy: boolean;
  onMove: (id: number) => void;
  onPaid: (item: AdminWithdraw) => void;
  onDecline: (item: AdminWithdraw) => void;
  onClose: () => void;
  card: ReactNode;
}

export function WithdrawWalk({ items, item, busy, onMove, onPaid, onDecline, onClose, card }: WithdrawWalkProps) {
  const { t } = useAdminT();
  const open = item.status === 'New';
  return (
    <WalkFrame
      items={items}
      item={item}
      title={t('money.walk.withdrawTitle', { id: item.id })}
      testId="withdraw-walk"
      accept="KeyP"
      keysHint={t('money.walk.keysHintWithdraw')}
      busy={busy}
      open={open}
      onMove={onMove}
      onAccept={() => onPaid(item)}
      onDecline={() => onDecline(item)}
      onClose={onClose}
      actions={
        open && (
          <>
            <Button color="error" disabled={busy} onClick={() => onDecline(item)} data-testid="withdraw-walk-decline">
              {t('money.decline')} (D)
            </Button>
            <Button variant="contained" color="success" loading={busy} onClick={() => onPaid(item)} data-testid="withdraw-walk-paid">
              {t('money.markPaid')} (P)
            </Button>
          </>
        )
      }
    >
      <Box sx={{ alignSelf: 'center', textAlign: 'center' }}>
        <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums', mb: 1 }}>
          {t('money.walk.amount', { amount: formatMoney(item.amount) })}
        </Typography>
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>{card}</Box>
      </Box>
    </WalkFrame>
  );
}
