/**
 * /dashboard/order/:id/edit (SPEC section 2): the lines (qty and selling price with the cart's rules,
 * remove; a line must remain) and the recipient, delivery and payment of the checkout, prefilled from
 * the order; totals beside. Save -> PUT /orders/{id}, a success toast, back to the order page. The
 * server's 422 errors go under the fields (products.{i}.{field} under the line), 400 refusals are
 * warning toasts (big_prepayment under the sum). A confirmed order keeps its payment method. An order
 * that can no longer be edited shows a message and a link back.
 * Test ids: order-edit-page (data-state="loading|error|not-found|locked|ready"), order-edit-form,
 * order-edit-locked, order-edit-totals, order-edit-wholesale, order-edit-retail, order-edit-profit-total,
 * order-edit-save, order-edit-back; lines: order-lines-editor.tsx; fields: order-details-fields.tsx (prefix order-edit).
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOffIcon from '@mui/icons-material/EditOff';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatMoney, orderActions, orderUpdateInput, type OrderDto } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { TotalsList } from '../../../components/ui/totals-list.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors } from '../../../lib/form.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useUpdateOrder } from '../api/order-mutations.ts';
import { draftsFromOrder, lineServerErrors, linesInput, linesTotals, type LineDraft } from '../lib/order-lines.ts';
import { DETAILS_FIELDS, OrderDetailsFields, detailsFromOrder, detailsResolver, relevantValues, type OrderDetailsValues } from './order-details-fields.tsx';
import { OrderLinesEditor, type LineFieldErrors } from './order-lines-editor.tsx';
import { OrderStates } from '../../../components/order/order-sections.tsx';
import { useOrderState } from './order-page.tsx';
import type { OrderLists } from '../../../lib/order/lists.ts';

const LAYOUT_SX = { display: 'grid', gap: 2, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' } } as const;

interface FormProps {
  order: OrderDto;
  lists: Partial<OrderLists> | undefined;
  onMoneyChanged?: (() => void) | undefined;
}

export function OrderEditForm({ order, lists, onMoneyChanged }: FormProps) {
  const { t } = useTranslation();
  const toast = useScopedToast();
  const navigate = useNavigate();
  const update = useUpdateOrder(onMoneyChanged);
  const form = useForm<OrderDetailsValues>({ resolver: detailsResolver, defaultValues: detailsFromOrder(order) });
  const [lines, setLines] = useState<LineDraft[]>(() => draftsFromOrder(order));
  const [lineErrors, setLineErrors] = useState<LineFieldErrors>({});
  const totals = linesTotals(lines);
  const currency = t('common.currency');
  const back = `/dashboard/order/${order.id}`;

  const onLinesChange = (next: LineDraft[]) => {
    // A removed line shifts the indexes the server's messages were for.
    if (next.length !== lines.length) setLineErrors({});
    setLines(next);
  };
  const clearLineError = (index: number, field: 'qty' | 'retail_price') =>
    setLineErrors((prev) => (prev[index]?.[field] ? { ...prev, [index]: { ...prev[index], [field]: undefined } } : prev));

  const onSubmit = form.handleSubmit((v) => {
    const products = linesInput(lines);
    if (!products) return;
    if (v.payment_method === 'Prepayment' && (v.prepayment_sum ?? 0) > totals.retail) {
      form.setError('prepayment_sum', { type: 'validate', message: 'big_prepayment' });
      return;
    }
    const parsed = orderUpdateInput.safeParse({ ...relevantValues(v), products });
    if (!parsed.success) {
      toast.error(t('errors.generic'));
      return;
    }
    update.mutate(
      { id: order.id, input: parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(t('orders.edit.saved', { number: saved.number }));
          void navigate(`/dashboard/order/${saved.id}`);
        },
        onError: (e) => {
          if (isApiError(e) && e.status === 422) {
            const byLine = lineServerErrors(e.errors);
            if (Object.keys(byLine).length > 0) setLineErrors(byLine);
            const applied = applyServerErrors(e, form.setError, DETAILS_FIELDS);
            if (!applied && Object.keys(byLine).length === 0) toast.error(e.message);
            return;
          }
          if (isApiError(e) && e.code === 'big_prepayment') {
            form.setError('prepayment_sum', { type: 'server', message: e.message });
            return;
          }
          if (isApiError(e) && e.status === 400 && e.code) toast.warning(e.message);
          else toast.error(isApiError(e) ? e.message : t('errors.generic'));
        },
      },
    );
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      sx={LAYOUT_SX}
      data-testid="order-edit-form"
      aria-label={t('orders.edit.title', { number: order.number })}
    >
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <Card component="section" aria-labelledby="order-edit-lines-title">
          <CardContent>
            <Typography id="order-edit-lines-title" variant="h3" component="h2" sx={{ mb: 1.5 }}>
              {t('orders.page.lines')}
            </Typography>
            <OrderLinesEditor lines={lines} onChange={onLinesChange} serverErrors={lineErrors} onClearServerError={clearLineError} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {t('orders.edit.linesHint')}
            </Typography>
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="order-edit-form-title">
          <CardContent>
            <Stack spacing={3}>
              <OrderDetailsFields form={form} lists={lists} prefix="order-edit" paymentLocked={order.status !== 'New'} />
            </Stack>
          </CardContent>
        </Card>
      </Stack>
      <Card component="section" aria-labelledby="order-edit-totals-title" data-testid="order-edit-totals" sx={{ position: { lg: 'sticky' }, top: { lg: 88 } }}>
        <CardContent>
          <Typography id="order-edit-totals-title" variant="h3" component="h2" sx={{ mb: 1.5 }}>
            {t('orders.summary.title')}
          </Typography>
          <TotalsList
            rows={[
              { label: t('orders.summary.lines'), value: String(lines.length), testId: 'order-edit-lines-count' },
              { label: t('orders.summary.dropSum'), value: `${formatMoney(totals.wholesale)} ${currency}`, testId: 'order-edit-wholesale' },
              { label: t('orders.summary.retailSum'), value: `${formatMoney(totals.retail)} ${currency}`, testId: 'order-edit-retail', strong: true },
            ]}
            profit={{ label: t('orders.summary.profit'), value: totals.profit, currency, testId: 'order-edit-profit-total' }}
          />
          <Stack spacing={1} sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" size="large" loading={update.isPending} disabled={!totals.valid} data-testid="order-edit-save">
              {t('common.save')}
            </Button>
            <Button component={RouterLink} to={back} startIcon={<ArrowBackIcon />} data-testid="order-edit-back">
              {t('orders.edit.back')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}

export function OrderEditPage({
  id,
  lists,
  onMoneyChanged,
}: {
  id: number;
  lists: Partial<OrderLists> | undefined;
  onMoneyChanged?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const { order, state } = useOrderState(id);
  const data = order.data;
  const editable = data ? orderActions(data).edit : false;
  const pageState = state === 'ready' ? (editable ? 'ready' : 'locked') : state;
  let body;
  if (pageState === 'ready' && data) body = <OrderEditForm key={data.id} order={data} lists={lists} onMoneyChanged={onMoneyChanged} />;
  else if (pageState === 'locked' && data)
    body = (
      <EmptyState
        title={t('orders.edit.lockedTitle')}
        text={t('orders.edit.lockedText', { status: data.status_name })}
        icon={<EditOffIcon />}
        testId="order-edit-locked"
        action={
          <Button component={RouterLink} to={`/dashboard/order/${data.id}`} variant="contained" startIcon={<ArrowBackIcon />}>
            {t('orders.edit.back')}
          </Button>
        }
      />
    );
  else body = <OrderStates state={state === 'ready' ? 'loading' : state} error={order.error} onRetry={() => void order.refetch()} />;
  return (
    <Box data-testid="order-edit-page" data-state={pageState}>
      <PageHeader title={data ? t('orders.edit.title', { number: data.number }) : t('pages.orderEdit', { id: String(id) })} />
      {body}
    </Box>
  );
}
