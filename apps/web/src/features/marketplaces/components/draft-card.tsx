/**
 * One marketplace order: its number and date, the recipient, the delivery as the carrier knows it,
 * the payment and the lines (our product and drop price, or "not in the catalogue"), what stops
 * it from being placed (chips) and, for a draft, place / dismiss. Test ids: draft-card
 * (data-draft-id, data-ready), draft-place, draft-dismiss, draft-select, draft-problem.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatMoney, formatPhone, type MarketplaceOrderDto } from '@drop/shared';
import { placeAddress } from '../../../lib/order/address.ts';
import { codeText } from '../../../lib/order/history.ts';
import { useMarketplacesT } from '../i18n.ts';

export function DraftCard({
  draft: d,
  selected,
  onSelect,
  onPlace,
  onDismiss,
  busy,
}: {
  draft: MarketplaceOrderDto;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onPlace: () => void;
  onDismiss: () => void;
  busy: boolean;
}) {
  const { t } = useMarketplacesT();
  const name = t(`names.${d.marketplace}`);
  const number = t('drafts.number', { marketplace: name, id: d.external_id });
  const ready = d.problems.length === 0;
  const dl = d.delivery;
  const delivery =
    dl.service !== 'NovaPoshta'
      ? t('drafts.otherCarrier', { carrier: dl.carrier_name })
      : t(dl.method === 'Courier' ? 'drafts.courier' : 'drafts.branch', {
          address: placeAddress(dl.method, dl, (appt) => t('drafts.appt', { appt })) || '—',
        });
  const titleId = `draft-${d.id}-title`;
  return (
    <Card component="article" aria-labelledby={titleId} data-testid="draft-card" data-draft-id={d.id} data-ready={ready ? 'true' : 'false'} variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          {d.status === 'draft' && (
            <Checkbox
              checked={selected}
              onChange={(e) => onSelect(e.target.checked)}
              disabled={!ready}
              slotProps={{ input: { 'aria-label': t('drafts.select', { number }) } }}
              data-testid="draft-select"
              sx={{ ml: -1 }}
            />
          )}
          <Typography id={titleId} variant="h3" component="h3" sx={{ fontSize: 16, fontWeight: 600 }}>
            {number}
          </Typography>
          {d.market_name && <Chip size="small" label={d.market_name} />}
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
            {t('drafts.orderedAt', { time: formatDate(d.ordered_at ?? d.created_at) })}
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1.4fr 1fr' } }}>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('drafts.client')}
            </Typography>
            <Typography variant="body2">{[d.client.last_name, d.client.first_name, d.client.middle_name].filter(Boolean).join(' ')}</Typography>
            <Typography variant="body2">{formatPhone(d.client.phone) || d.client.phone}</Typography>
          </Box>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('drafts.delivery')}
            </Typography>
            <Typography variant="body2">{delivery}</Typography>
          </Box>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t(`drafts.payment.${d.payment}`)}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('drafts.total', { sum: formatMoney(d.total, true) })}
            </Typography>
          </Box>
        </Box>
        <Divider />
        <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('drafts.lines')}>
          {d.lines.map((l) => (
            <Box component="li" key={l.ref} sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Typography variant="body2" sx={{ flex: '1 1 240px', minWidth: 0 }}>
                {l.product_name ?? l.name}
                <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                  {t('drafts.offer', { id: l.offer_id || '—' })}
                  {l.product_id === null && ` · ${t('drafts.unmatched')}`}
                </Typography>
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                {l.qty} × {formatMoney(l.price, true)}
                {l.drop_price !== null && (
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                    {t('drafts.dropPrice', { price: formatMoney(l.drop_price, true) })}
                  </Typography>
                )}
              </Typography>
            </Box>
          ))}
        </Stack>
        {(d.problems.length > 0 || d.place_error) && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {d.problems.map((p) => (
              <Chip key={p} size="small" color="warning" variant="outlined" icon={<WarningIcon />} label={t(`problems.${p}`)} data-testid="draft-problem" />
            ))}
            {d.place_error && !d.problems.length && (
              <Chip
                size="small"
                color="warning"
                variant="outlined"
                icon={<WarningIcon />}
                label={
                  d.place_error === 'cancelled_on_marketplace'
                    ? t('problems.cancelled_on_marketplace')
                    : t('drafts.lastTry', { message: codeText(d.place_error) ?? d.place_error })
                }
              />
            )}
          </Box>
        )}
        {d.status === 'draft' && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            {ready && (
              <Typography variant="body2" color="success.main" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mr: 'auto' }}>
                <CheckCircleIcon fontSize="small" /> {t('drafts.ready')}
              </Typography>
            )}
            <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
              <Button onClick={onDismiss} disabled={busy} data-testid="draft-dismiss">
                {t('drafts.dismiss')}
              </Button>
              <Button variant="contained" onClick={onPlace} disabled={busy || !ready} data-testid="draft-place">
                {t('drafts.place')}
              </Button>
            </Box>
          </Box>
        )}
        {d.status === 'placed' && d.order_id !== null && (
          <Link component={RouterLink} to={`/dashboard/order/${d.order_id}`} data-testid="draft-order-link">
            {t('drafts.placedAs', { number: d.order_number ?? d.order_id })}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
