/**
 * A top-up's receipt, downloaded with the bearer token: an image shows as a thumbnail that opens
 * larger, a PDF as a button that opens it in a dialog (<iframe>), anything else as a download.
 * The dialog shows the claimed amount and, for a decided top-up, what was credited (issue 27 p.1).
 * Test ids: receipt-thumb, receipt-open, receipt-dialog, receipt-image, receipt-pdf, receipt-download,
 * receipt-claimed, receipt-credited; money-credited (CreditedNote).
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { useQuery } from '@tanstack/react-query';
import { formatMoney, type PaymentDocumentDto, type TopUpStatus } from '@drop/shared';
import { requestBlob } from '../../../lib/api-client.ts';
import { useAdminT } from '../i18n.ts';

export const INLINE_IMAGES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const THUMB = 64;

/** The document's bytes (with the bearer token), fetched once per document. */
export function useReceiptBlob(doc: PaymentDocumentDto, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'receipt', doc.id],
    queryFn: ({ signal }) => requestBlob(doc.url, signal),
    enabled,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}

/**
 * An element showing a blob through an object URL set on the element itself (no extra render,
 * StrictMode-safe), revoked when the blob or the element goes away.
 */
function useBlobAttr<E extends HTMLElement>(blob: Blob | undefined, attr: 'src' | 'href') {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (!blob || !ref.current || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(blob);
    ref.current.setAttribute(attr, url);
    return () => URL.revokeObjectURL(url);
  }, [blob, attr]);
  return ref;
}

function BlobImage({ blob, alt, sx, testId }: { blob: Blob; alt: string; sx: object; testId: string }) {
  const ref = useBlobAttr<HTMLImageElement>(blob, 'src');
  return <Box component="img" ref={ref} alt={alt} sx={sx} data-testid={testId} />;
}

function BlobFrame({ blob, title }: { blob: Blob; title: string }) {
  const ref = useBlobAttr<HTMLIFrameElement>(blob, 'src');
  return <Box component="iframe" ref={ref} title={title} sx={{ width: '100%', height: '75vh', border: 0 }} data-testid="receipt-pdf" />;
}

export function BlobDownload({ blob, name, label }: { blob: Blob; name: string; label: string }) {
  const ref = useBlobAttr<HTMLAnchorElement>(blob, 'href');
  return (
    <Button component="a" ref={ref} download={name} data-testid="receipt-download">
      {label}
    </Button>
  );
}

/** The receipt itself in a dialog's content: loading, the failure, the image, the PDF (iframe) or its name. */
export function ReceiptFile({ doc, file }: { doc: PaymentDocumentDto; file: { isError: boolean; data?: Blob | undefined } }) {
  const { t } = useAdminT();
  const image = INLINE_IMAGES.includes(doc.mime);
  if (file.isError) {
    return (
      <Typography color="error" role="alert">
        {t('money.receipt.failed')}
      </Typography>
    );
  }
  if (!file.data) return <CircularProgress sx={{ alignSelf: 'center' }} aria-label={t('shell.loading')} />;
  if (image) return <BlobImage blob={file.data} alt={doc.name} sx={{ maxWidth: '100%', maxHeight: '70vh', objectFit: 'contain' }} testId="receipt-image" />;
  if (doc.mime === 'application/pdf') return <BlobFrame blob={file.data} title={doc.name} />;
  return <Typography>{doc.name}</Typography>;
}

export interface ReceiptPreviewProps {
  doc: PaymentDocumentDto | null;
  paymentId: number;
  /** The amount the reseller claims (UAH): shown beside the receipt, to compare with it. */
  claimed?: number;
  /** The top-up's status: once decided, the dialog says what was credited. */
  status?: TopUpStatus;
  /** What was credited when it differs from the claim (null: the claim), and why. */
  credited?: number | null;
  creditReason?: string | null;
  /** While the top-up waits: decide from the receipt itself (the dialog closes, the decision dialog opens). */
  onApprove?: () => void;
  onDecline?: () => void;
  /** Opening is the caller's (the queue's walk dialog): the thumbnail only asks for it. */
  onOpen?: () => void;
}

/** A top-up credited with another amount than claimed: "зараховано X з Y" and the reason (nothing otherwise). */
export function CreditedNote({ claimed, credited, reason }: { claimed: number; credited: number | null; reason: string | null }) {
  const { t } = useAdminT();
  if (credited === null) return null;
  return (
    <Box data-testid="money-credited">
      <Typography variant="caption" component="div" color="warning.main" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {t('money.creditedOf', { credited: formatMoney(credited), claimed: formatMoney(claimed) })}
      </Typography>
      {reason && (
        <Typography variant="caption" component="div" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('money.creditReason', { reason })}
        </Typography>
      )}
    </Box>
  );
}

export function Outcome({ status, claimed, credited, reason }: { status: TopUpStatus; claimed: number; credited: number | null; reason: string | null }) {
  const { t } = useAdminT();
  if (status === 'Pending') return null;
  return (
    <Box sx={{ px: 3, pb: 1 }} data-testid="receipt-credited">
      <Typography color={status === 'Declined' || credited !== null ? 'warning.main' : 'success.main'} sx={{ fontWeight: 600 }}>
        {status === 'Declined' ? t('money.receipt.declined') : t('money.receipt.credited', { amount: formatMoney(credited ?? claimed) })}
      </Typography>
      {status === 'Approved' && reason && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('money.creditReason', { reason })}
        </Typography>
      )}
    </Box>
  );
}

export function ReceiptPreview({ doc, paymentId, claimed, status, credited = null, creditReason = null, onApprove, onDecline, onOpen }: ReceiptPreviewProps) {
  const { t, tc } = useAdminT();
  const [open, setOpen] = useState(false);
  const image = doc ? INLINE_IMAGES.includes(doc.mime) : false;
  const pdf = doc?.mime === 'application/pdf';
  const file = useReceiptBlob(doc ?? { id: 0, name: '', mime: '', size: 0, url: '', created_at: '' }, Boolean(doc) && (image || open));

  if (!doc) {
    return (
      <Typography variant="caption" color="text.secondary">
        {t('money.receipt.none')}
      </Typography>
    );
  }
  const label = t('money.receipt.open', { name: doc.name });
  const box = {
    width: THUMB,
    height: THUMB,
    borderRadius: 1,
    border: 1,
    borderColor: 'divider',
    overflow: 'hidden',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    bgcolor: 'action.hover',
  } as const;

  return (
    <>
      <Tooltip title={doc.name}>
        <ButtonBase onClick={() => (onOpen ? onOpen() : setOpen(true))} aria-label={label} sx={box} data-testid="receipt-open" data-mime={doc.mime}>
          {image && file.data ? (
            <BlobImage blob={file.data} alt={doc.name} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} testId="receipt-thumb" />
          ) : image && file.isError ? (
            <BrokenImageOutlined color="disabled" />
          ) : image ? (
            <CircularProgress size={20} aria-label={t('shell.loading')} />
          ) : pdf ? (
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', color: 'error.main' }}>
              <PictureAsPdfOutlined />
              <Typography variant="caption">{t('money.receipt.pdf')}</Typography>
            </Box>
          ) : (
            <DescriptionOutlined color="action" />
          )}
        </ButtonBase>
      </Tooltip>
      {!onOpen && (
        <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md" aria-labelledby={`receipt-${paymentId}-title`} data-testid="receipt-dialog">
          <DialogTitle id={`receipt-${paymentId}-title`}>{t('money.receipt.title', { id: paymentId })}</DialogTitle>
          {claimed !== undefined && (
            <Typography sx={{ px: 3, pb: 1, fontWeight: 600 }} data-testid="receipt-claimed">
              {t('money.receipt.claimed', { amount: formatMoney(claimed) })}
            </Typography>
          )}
          {claimed !== undefined && status && <Outcome status={status} claimed={claimed} credited={credited} reason={creditReason} />}
          <DialogContent sx={{ display: 'flex', justifyContent: 'center', minHeight: 200 }}>
            <ReceiptFile doc={doc} file={file} />
          </DialogContent>
          <DialogActions>
            {file.data && <BlobDownload blob={file.data} name={doc.name} label={t('money.receipt.download')} />}
            <Box sx={{ flexGrow: 1 }} />
            {onDecline && (
              <Button
                color="error"
                onClick={() => {
                  setOpen(false);
                  onDecline();
                }}
                data-testid="receipt-decline"
              >
                {t('money.decline')}
              </Button>
            )}
            {onApprove && (
              <Button
                variant="contained"
                onClick={() => {
                  setOpen(false);
                  onApprove();
                }}
                data-testid="receipt-approve"
              >
                {t('money.approve')}
              </Button>
            )}
            <Button onClick={() => setOpen(false)}>{tc('common.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
