/**
 * The checkout form (SPEC section 2): recipient, delivery, address (Nova Poshta autocompletes or the
 * reseller's own waybill), payment, comment. Validated with the shared `orderCreateInput`; the
 * server's 422 errors go under the fields, its 400s to a toast (big_prepayment under the sum).
 * Test ids: checkout-form, checkout-city, checkout-branch, checkout-street, checkout-submit.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { orderCreateInput, type ConfigItem, type OrderDto } from '@drop/shared';
import { PhoneField } from '../../../components/ui/phone-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, muiField, validationMessage } from '../../../lib/form.ts';
import { useToast } from '../../../lib/toast.tsx';
import { usePlaceOrder } from '../api/place-order.ts';
import { useCitySearch } from '../api/search-cities.ts';
import { useStreetSearch } from '../api/search-streets.ts';
import { useWarehouseSearch } from '../api/search-warehouses.ts';
import { AddressAutocomplete } from './address-autocomplete.tsx';
import type { OrderLists } from './types.ts';

type Values = z.input<typeof orderCreateInput>;

const FIELDS: readonly Path<Values>[] = [
  'last_name', 'first_name', 'middle_name', 'phone', 'delivery_service', 'delivery_method', 'delivery_type', 'payment_delivery', 'payment_method',
  'prepayment_sum', 'city_ref', 'city_name', 'branch_ref', 'branch_name', 'street_ref', 'street_name', 'house', 'appt', 'self_ttn', 'self_ttn_type', 'comment',
];

const DEFAULTS: Values = {
  last_name: '',
  first_name: '',
  phone: '',
  delivery_service: 'NovaPoshta',
  delivery_method: 'Branch',
  delivery_type: 'NovaPoshta',
  payment_delivery: 'Recipient',
  payment_method: 'COD',
};

/** Only the fields the chosen delivery and payment use (hidden ones neither validate nor travel). */
export function relevantValues(v: Values): Values {
  const out: Values = { ...v };
  const drop = (keys: (keyof Values)[]) => keys.forEach((k) => delete out[k]);
  if (v.delivery_type === 'SelfTTN') drop(['city_ref', 'city_name', 'branch_ref', 'branch_name', 'street_ref', 'street_name', 'house', 'appt']);
  else {
    drop(['self_ttn', 'self_ttn_type']);
    if (v.delivery_method === 'Branch') drop(['street_ref', 'street_name', 'house', 'appt']);
    else drop(['branch_ref', 'branch_name']);
  }
  if (v.payment_method !== 'Prepayment') drop(['prepayment_sum']);
  for (const k of Object.keys(out) as (keyof Values)[]) if (out[k] === '' && k !== 'last_name' && k !== 'first_name' && k !== 'phone') delete out[k];
  return out;
}

const schemaResolver = zodResolver(orderCreateInput);
const resolver: Resolver<Values> = (values, ctx, options) => schemaResolver(relevantValues(values), ctx, options as never) as never;

const emptyToUndefined = (v: string) => (v === '' ? undefined : v);

interface Props {
  lists: Partial<OrderLists> | undefined;
  /** The order's total (the cart's retail sum): a prepayment may not exceed it (the API checks too). */
  total?: number | undefined;
  onPlaced: (order: OrderDto) => void;
}

export function CheckoutForm({ lists, total, onPlaced }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const place = usePlaceOrder();
  const form = useForm<Values>({ resolver, defaultValues: DEFAULTS });
  const { errors } = form.formState;
  const err = (f: Path<Values>) => validationMessage((errors as Record<string, { message?: string } | undefined>)[f]?.message, f);

  const [service, method, type, payment, cityRef] = useWatch({ control: form.control, name: ['delivery_service', 'delivery_method', 'delivery_type', 'payment_method', 'city_ref'] });
  const [cityInput, setCityInput] = useState('');
  const [branchInput, setBranchInput] = useState('');
  const [streetInput, setStreetInput] = useState('');
  const cities = useCitySearch(cityInput, type !== 'SelfTTN');
  const warehouses = useWarehouseSearch(type !== 'SelfTTN' && method === 'Branch' ? cityRef : undefined, branchInput);
  const streets = useStreetSearch(type !== 'SelfTTN' && method === 'Courier' ? cityRef : undefined, streetInput);

  const onSubmit = form.handleSubmit((v) => {
    if (v.payment_method === 'Prepayment' && total !== undefined && (v.prepayment_sum ?? 0) > total) {
      form.setError('prepayment_sum', { type: 'validate', message: 'big_prepayment' });
      return;
    }
    place.mutate(orderCreateInput.parse(relevantValues(v)), {
      onSuccess: (order) => {
        toast.success(t('orders.checkout.placed', { number: order.number }));
        onPlaced(order);
      },
      onError: (e) => {
        if (applyServerErrors(e, form.setError, FIELDS)) return;
        if (isApiError(e) && e.code === 'big_prepayment') {
          form.setError('prepayment_sum', { type: 'server', message: e.message });
          return;
        }
        toast.error(isApiError(e) ? e.message : t('errors.generic'));
      },
    });
  });

  const radios = (name: 'delivery_service' | 'delivery_method' | 'delivery_type' | 'payment_delivery' | 'payment_method', label: string, items: ConfigItem[] | undefined, disabled?: (id: string) => boolean) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControl error={Boolean(err(name))}>
          <FormLabel id={`checkout-${name}-label`}>{label}</FormLabel>
          <RadioGroup row aria-labelledby={`checkout-${name}-label`} name={name} value={field.value ?? ''} onChange={(e) => {
              field.onChange(e.target.value);
              if (name === 'delivery_service' && e.target.value !== 'NovaPoshta' && form.getValues('delivery_method') === 'Courier') form.setValue('delivery_method', 'Branch');
            }} data-testid={`checkout-${name}`}>
            {(items ?? []).map((i) => (
              <FormControlLabel key={i.id} value={i.id} control={<Radio />} label={i.name} disabled={disabled?.(i.id) ?? false} />
            ))}
          </RadioGroup>
          {err(name) && <Typography variant="caption" color="error">{err(name)}</Typography>}
        </FormControl>
      )}
    />
  );

  const text = (name: 'last_name' | 'first_name' | 'middle_name' | 'house' | 'appt' | 'self_ttn' | 'comment', label: string, extra: { required?: boolean; multiline?: boolean; numeric?: boolean } = {}) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          id={`checkout-${name}`}
          label={label}
          required={extra.required ?? false}
          multiline={extra.multiline ?? false}
          minRows={extra.multiline ? 2 : undefined}
          fullWidth
          {...muiField(field)}
          onChange={(e) => field.onChange(name === 'last_name' || name === 'first_name' ? e.target.value : emptyToUndefined(e.target.value))}
          error={Boolean(err(name))}
          helperText={err(name)}
          slotProps={{ htmlInput: { 'data-testid': `checkout-${name}`, ...(extra.numeric ? { inputMode: 'numeric' } : {}) } }}
        />
      )}
    />
  );

  const setAddress = (nameField: 'city_name' | 'branch_name' | 'street_name', refField: 'city_ref' | 'branch_ref' | 'street_ref', v: { name?: string; ref?: string }) => {
    form.setValue(nameField, v.name, { shouldDirty: true });
    form.setValue(refField, v.ref, { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger([nameField, refField]);
  };

  const cityValue = { name: useWatch({ control: form.control, name: 'city_name' }), ref: cityRef };
  const branchValue = { name: useWatch({ control: form.control, name: 'branch_name' }), ref: useWatch({ control: form.control, name: 'branch_ref' }) };
  const streetValue = { name: useWatch({ control: form.control, name: 'street_name' }), ref: useWatch({ control: form.control, name: 'street_ref' }) };

  return (
    <Card component="section" aria-labelledby="checkout-form-title">
      <CardContent>
        <Stack component="form" noValidate spacing={3} onSubmit={onSubmit} data-testid="checkout-form" aria-labelledby="checkout-form-title">
          <Typography id="checkout-form-title" variant="h3" component="h2">
            {t('orders.checkout.recipient')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {text('last_name', t('orders.fields.lastName'), { required: true })}
            {text('first_name', t('orders.fields.firstName'), { required: true })}
            {text('middle_name', t('orders.fields.middleName'))}
            <Controller
              control={form.control}
              name="phone"
              render={({ field }) => (
                <PhoneField id="checkout-phone" label={t('orders.fields.phone')} required fullWidth {...muiField(field)} error={Boolean(err('phone'))} helperText={err('phone')} testId="checkout-phone" />
              )}
            />
          </Box>

          <Typography variant="h3" component="h2">
            {t('orders.checkout.delivery')}
          </Typography>
          {radios('delivery_type', t('orders.fields.deliveryType'), lists?.delivery_type_list)}
          {type !== 'SelfTTN' &&
            radios('delivery_service', t('orders.fields.deliveryService'), lists?.delivery_service_list)}
          {type !== 'SelfTTN' &&
            radios('delivery_method', t('orders.fields.deliveryMethod'), lists?.delivery_method_list, (id) => id === 'Courier' && service !== 'NovaPoshta')}
          {radios('payment_delivery', t('orders.fields.paymentDelivery'), lists?.delivery_pay_method_list)}

          {type === 'SelfTTN' ? (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {text('self_ttn', t('orders.fields.selfTtn'), { required: true, numeric: true })}
              <Controller
                control={form.control}
                name="self_ttn_type"
                render={({ field }) => (
                  <TextField
                    select
                    id="checkout-self_ttn_type"
                    label={t('orders.fields.selfTtnType')}
                    required
                    fullWidth
                    {...muiField(field)}
                    onChange={(e) => field.onChange(emptyToUndefined(e.target.value))}
                    error={Boolean(err('self_ttn_type'))}
                    helperText={err('self_ttn_type')}
                    data-testid="checkout-self_ttn_type"
                  >
                    {(lists?.self_ttn_type_list ?? []).map((i) => (
                      <MenuItem key={i.id} value={i.id}>
                        {i.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            </Box>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <Box sx={{ gridColumn: '1 / -1' }}>
                <AddressAutocomplete
                  id="checkout-city"
                  testId="checkout-city"
                  label={t('orders.fields.city')}
                  required
                  value={cityValue}
                  onChange={(v) => {
                    setAddress('city_name', 'city_ref', v);
                    if (v.ref !== cityRef) {
                      setAddress('branch_name', 'branch_ref', {});
                      setAddress('street_name', 'street_ref', {});
                    }
                  }}
                  onInputChange={setCityInput}
                  options={(cities.data ?? []).map((c) => ({ ref: c.ref, label: c.present || c.name, name: c.name, secondary: c.area }))}
                  loading={cities.isFetching}
                  error={cities.error}
                  errorText={err('city_name') ?? err('city_ref')}
                  hint={t('orders.address.typeCity')}
                />
              </Box>
              {method === 'Branch' ? (
                <Box sx={{ gridColumn: '1 / -1' }}>
                  <AddressAutocomplete
                    key={`branch-${cityRef ?? ''}`}
                    id="checkout-branch"
                    testId="checkout-branch"
                    label={t('orders.fields.branch')}
                    required
                    value={branchValue}
                    onChange={(v) => setAddress('branch_name', 'branch_ref', v)}
                    onInputChange={setBranchInput}
                    options={(warehouses.data ?? []).map((w) => ({ ref: w.ref, label: w.name, secondary: w.short_address }))}
                    loading={warehouses.isFetching}
                    error={warehouses.error}
                    errorText={err('branch_name') ?? err('branch_ref')}
                    hint={cityRef ? undefined : t('orders.address.cityFirst')}
                  />
                </Box>
              ) : (
                <>
                  <Box sx={{ gridColumn: '1 / -1' }}>
                    <AddressAutocomplete
                      key={`street-${cityRef ?? ''}`}
                      id="checkout-street"
                      testId="checkout-street"
                      label={t('orders.fields.street')}
                      required
                      value={streetValue}
                      onChange={(v) => setAddress('street_name', 'street_ref', v)}
                      onInputChange={setStreetInput}
                      options={(streets.data ?? []).map((s) => ({ ref: s.ref, label: s.type ? `${s.type} ${s.name}` : s.name }))}
                      loading={streets.isFetching}
                      error={streets.error}
                      errorText={err('street_name') ?? err('street_ref')}
                      hint={cityRef ? t('orders.address.typeStreet') : t('orders.address.cityFirst')}
                    />
                  </Box>
                  {text('house', t('orders.fields.house'), { required: true })}
                  {text('appt', t('orders.fields.appt'))}
                </>
              )}
            </Box>
          )}

          <Typography variant="h3" component="h2">
            {t('orders.checkout.payment')}
          </Typography>
          {radios('payment_method', t('orders.fields.paymentMethod'), lists?.pay_method_list)}
          {payment === 'Prepayment' && (
            <Controller
              control={form.control}
              name="prepayment_sum"
              render={({ field }) => (
                <TextField
                  id="checkout-prepayment_sum"
                  type="number"
                  label={t('orders.fields.prepaymentSum')}
                  required
                  sx={{ maxWidth: 280 }}
                  name={field.name}
                  inputRef={field.ref}
                  onBlur={field.onBlur}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
                  error={Boolean(err('prepayment_sum'))}
                  helperText={err('prepayment_sum')}
                  slotProps={{ htmlInput: { min: 0, step: 0.01, inputMode: 'decimal', 'data-testid': 'checkout-prepayment_sum' } }}
                />
              )}
            />
          )}
          {text('comment', t('orders.fields.comment'), { multiline: true })}
          <Button type="submit" variant="contained" size="large" loading={place.isPending} sx={{ alignSelf: 'flex-start' }} data-testid="checkout-submit">
            {t('orders.checkout.submit')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
