/**
 * The order page's "Друк" menu (issue 28, role needs `printing`): the carrier's marking (only with a
 * waybill), the pick and packing list, and the invoice (only for Card orders). The PDF opens in a
 * new tab opened in the click (printing/open-pdf.ts); if the browser blocked it, a link "Відкрити PDF"
 * shows. Test ids: order-print, order-print-option (data-kind), order-print-blocked, order-print-open.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import { ORDER_PRINT_KINDS, mayAccess, type AdminOrderDto, type OrderPrintKind } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { openPdf, pdfName, type PdfOpened } from '../printing/open-pdf.ts';
import { orderPrintPath } from './api.ts';
import { useOrdersT } from './i18n.ts';

/** What can be printed for this order: a marking needs a waybill, an invoice a Card payment. */
export const printKinds = (o: Pick<AdminOrderDto, 'ttn' | 'payment_method'>): OrderPrintKind[] =>
  ORDER_PRINT_KINDS.filter((k) => (k === 'marking' ? !!o.ttn : k === 'invoice' ? o.payment_method === 'Card' : true));

export function PrintMenu({ order, role }: { order: AdminOrderDto; role: string | undefined }) {
  const { t, tc } = useOrdersT();
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [blocked, setBlocked] = useState<PdfOpened | null>(null);
  if (!mayAccess(role, 'printing')) return null;
  const print = (kind: OrderPrintKind) => {
    setAnchor(null);
    setBlocked(null);
    // openPdf opens the tab before its first await: still in the click, so the browser allows it.
    openPdf(orderPrintPath(order.id, kind), pdfName(kind, order.number), t('bulk.pdfLoading'))
      .then((r) => {
        if (!r.opened) setBlocked(r);
      })
      .catch((e: unknown) => toast.error(t('bulk.pdfFailed', { error: isApiError(e) ? e.message : tc('errors.generic') })));
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PrintIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        data-testid="order-print"
      >
        {t('printing.button')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-label': t('printing.menu') } }}>
        {printKinds(order).map((k) => (
          <MenuItem key={k} onClick={() => print(k)} data-testid="order-print-option" data-kind={k}>
            {t(`printing.kinds.${k}`)}
          </MenuItem>
        ))}
      </Menu>
      {blocked && (
        <Alert
          severity="info"
          onClose={() => setBlocked(null)}
          sx={{ width: '100%' }}
          data-testid="order-print-blocked"
          action={
            <Button
              component="a"
              href={blocked.url}
              target="_blank"
              rel="noopener"
              download={blocked.name}
              size="small"
              color="inherit"
              data-testid="order-print-open"
            >
              {t('bulk.openPdf')}
            </Button>
          }
        >
          {t('bulk.pdfBlocked')}
        </Alert>
      )}
    </>
  );
}
