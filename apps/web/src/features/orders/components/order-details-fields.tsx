/**
 * The recipient, delivery (Nova Poshta autocompletes or the reseller's own waybill) and payment
 * fields of an order, on a react-hook-form form: the checkout and the order edit page share them.
 * Validated with the shared `orderCreateInput` on the fields the chosen delivery and payment use.
 * Test ids (prefix `checkout` or `order-edit`): {prefix}-{field}, {prefix}-city, {prefix}-branch, {prefix}-street.
 */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useWatch, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatPhone, orderCreateInput, type ConfigItem, type OrderDto } from '@drop/shared';
import { PhoneField } from '../../../components/ui/phone-field.tsx';
import { muiField, validationMessage } from '../../../lib/form.ts';
import { useCitySearch } from '../api/search-cities.ts';
import { useStreetSearch } from '../api/search-streets.ts';
import { useWarehouseSearch } from '../api/search-warehouses.ts';
import { AddressAutocomplete } from './address-autocomplete.tsx';
import type { OrderLists } from '../../../lib/order/lists.ts';

export type OrderDetailsValues = z.input<typeof orderCreateInput>;

/** The fields a server 422 may name. */
export const DETAILS_FIELDS: readonly Path<OrderDetailsValues>[] = [
  'last_name',
  'first_name',
  'middle_name',
  'phone',
  'delivery_service',
  'delivery_method',
  'delivery_type',
  'payment_delivery',
  'payment_method',
  'prepayment_sum',
  'city_ref',
  'city_name',
  'branch_ref',
  'branch_name',
  'street_ref',
  'street_name',
  'house',
  'appt',
  'self_ttn',
  'self_ttn_type',
  'comment',
];

export const DEFAULT_DETAILS: OrderDetailsValues = {
  last_name: '',
  first_name: '',
  phone: '',
  delivery_service: 'NovaPoshta',
  delivery_method: 'Branch',
  delivery_type: 'NovaPoshta',
  payment_delivery: 'Recipient',
  payment_method: 'COD',
};

const orUndefined = <T,>(v: T | null | undefined): T | undefined => (v === null || v === '' ? undefined : v);

/** The edit form starts from the order as it is. */
export function detailsFromOrder(o: OrderDto): OrderDetailsValues {
  const v: OrderDetailsValues = {
    last_name: o.last_name,
    first_name: o.first_name,
    middle_name: orUndefined(o.middle_name),
    phone: formatPhone(o.phone) === '-' ? '' : formatPhone(o.phone),
    delivery_service: o.delivery_service,
    delivery_method: o.delivery_method,
    delivery_type: o.delivery_type,
    payment_delivery: o.payment_delivery,
    payment_method: o.payment_method,
    prepayment_sum: o.prepayment_sum > 0 ? o.prepayment_sum : undefined,
    city_ref: orUndefined(o.delivery.city_ref),
    city_name: orUndefined(o.delivery.city_name),
    branch_ref: orUndefined(o.delivery.branch_ref),
    branch_name: orUndefined(o.delivery.branch_name),
    street_name: orUndefined(o.delivery.street_name),
    street_ref: orUndefined(o.delivery.street_ref),
    house: orUndefined(o.delivery.house),
    appt: orUndefined(o.delivery.appt),
    self_ttn: orUndefined(o.self_ttn),
    self_ttn_type: orUndefined(o.self_ttn_type),
    comment: orUndefined(o.comment),
  };
  for (const k of Object.keys(v) as (keyof OrderDetailsValues)[]) if (v[k] === undefined) delete v[k];
  return v;
}

/** Only the fields the chosen delivery and payment use (hidden ones neither validate nor travel). */
export function relevantValues(v: OrderDetailsValues): OrderDetailsValues {
  const out: OrderDetailsValues = { ...v };
  const drop = (keys: (keyof OrderDetailsValues)[]) => keys.forEach((k) => delete out[k]);
  if (v.delivery_type === 'SelfTTN') drop(['city_ref', 'city_name', 'branch_ref', 'branch_name', 'street_ref', 'street_name', 'house', 'appt']);
  else {
    drop(['self_ttn', 'self_ttn_type']);
    if (v.delivery_method === 'Branch') drop(['street_ref', 'street_name', 'house', 'appt']);
    else drop(['branch_ref', 'branch_name']);
  }
  if (v.payment_method !== 'Prepayment') drop(['prepayment_sum']);
  for (const k of Object.keys(out) as (keyof OrderDetailsValues)[])
    if (out[k] === '' && k !== 'last_name' && k !== 'first_name' && k !== 'phone') delete out[k];
  return out;
}

const schemaResolver = zodResolver(orderCreateInput);
export const detailsResolver: Resolver<OrderDetailsValues> = (values, ctx, options) => schemaResolver(relevantValues(values), ctx, options as never) as never;

const emptyToUndefined = (v: string) => (v === '' ? undefined : v);

interface Props {
  form: UseFormReturn<OrderDetailsValues>;
  lists: Partial<OrderLists> | undefined;
  /** Ids and test ids start with it ('checkout' keeps the checkout's ids). */
  prefix: string;
  /** A confirmed order keeps its payment method (the money was settled on confirm). */
  paymentLocked?: boolean;
  /** Heading level of the section titles. */
  headingComponent?: 'h2' | 'h3';
  /** Shown under the payment methods (the checkout's balance beside the debit for Balance). */
  paymentExtra?: (paymentMethod: OrderDetailsValues['payment_method']) => ReactNode;
}

export function OrderDetailsFields({ form, lists, prefix, paymentLocked = false, headingComponent = 'h2', paymentExtra }: Props) {
  const { t } = useTranslation();
  const { errors } = form.formState;
  const err = (f: Path<OrderDetailsValues>) => validationMessage((errors as Record<string, { message?: string } | undefined>)[f]?.message, f);

  const [service, method, type, payment, cityRef] = useWatch({
    control: form.control,
    name: ['delivery_service', 'delivery_method', 'delivery_type', 'payment_method', 'city_ref'],
  });
  const [cityInput, setCityInput] = useState('');
  const [branchInput, setBranchInput] = useState('');
  const [streetInput, setStreetInput] = useState('');
  const cities = useCitySearch(cityInput, type !== 'SelfTTN');
  const warehouses = useWarehouseSearch(type !== 'SelfTTN' && method === 'Branch' ? cityRef : undefined, branchInput);
  const streets = useStreetSearch(type !== 'SelfTTN' && method === 'Courier' ? cityRef : undefined, streetInput);
  const [lockedPayment] = useState(() => form.getValues('payment_method'));

  const radios = (
    name: 'delivery_service' | 'delivery_method' | 'delivery_type' | 'payment_delivery' | 'payment_method',
    label: string,
    items: ConfigItem[] | undefined,
    disabled?: (id: string) => boolean,
    hint?: string,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControl error={Boolean(err(name))}>
          <FormLabel id={`${prefix}-${name}-label`}>{label}</FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${prefix}-${name}-label`}
            name={name}
            value={field.value ?? ''}
            onChange={(e) => {
              field.onChange(e.target.value);
              if (name === 'delivery_service' && e.target.value !== 'NovaPoshta' && form.getValues('delivery_method') === 'Courier')
                form.setValue('delivery_method', 'Branch');
            }}
            data-testid={`${prefix}-${name}`}
          >
            {(items ?? []).map((i) => (
              <FormControlLabel key={i.id} value={i.id} control={<Radio />} label={i.name} disabled={disabled?.(i.id) ?? false} />
            ))}
          </RadioGroup>
          {err(name) ? (
            <FormHelperText sx={{ mx: 0 }}>{err(name)}</FormHelperText>
          ) : hint ? (
            <FormHelperText sx={{ mx: 0 }} data-testid={`${prefix}-${name}-hint`}>
              {hint}
            </FormHelperText>
          ) : null}
        </FormControl>
      )}
    />
  );

  const text = (
    name: 'last_name' | 'first_name' | 'middle_name' | 'house' | 'appt' | 'self_ttn' | 'comment',
    label: string,
    extra: { required?: boolean; multiline?: boolean; numeric?: boolean } = {},
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          id={`${prefix}-${name}`}
          label={label}
          required={extra.required ?? false}
          multiline={extra.multiline ?? false}
          minRows={extra.multiline ? 2 : undefined}
          fullWidth
          {...muiField(field)}
          onChange={(e) => field.onChange(name === 'last_name' || name === 'first_name' ? e.target.value : emptyToUndefined(e.target.value))}
          error={Boolean(err(name))}
          helperText={err(name)}
          slotProps={{ htmlInput: { 'data-testid': `${prefix}-${name}`, ...(extra.numeric ? { inputMode: 'numeric' } : {}) } }}
        />
      )}
    />
  );

  const setAddress = (
    nameField: 'city_name' | 'branch_name' | 'street_name',
    refField: 'city_ref' | 'branch_ref' | 'street_ref',
    v: { name?: string; ref?: string },
  ) => {
    form.setValue(nameField, v.name, { shouldDirty: true });
    form.setValue(refField, v.ref, { shouldDirty: true });
    if (form.formState.isSubmitted) void form.trigger([nameField, refField]);
  };

  const cityValue = { name: useWatch({ control: form.control, name: 'city_name' }), ref: cityRef };
  const branchValue = { name: useWatch({ control: form.control, name: 'branch_name' }), ref: useWatch({ control: form.control, name: 'branch_ref' }) };
  const streetValue = { name: useWatch({ control: form.control, name: 'street_name' }), ref: useWatch({ control: form.control, name: 'street_ref' }) };
  const heading = (title: string, id?: string) => (
    <Typography id={id} variant="h3" component={headingComponent}>
      {title}
    </Typography>
  );

  return (
    <>
      {heading(t('orders.checkout.recipient'), `${prefix}-form-title`)}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {text('last_name', t('orders.fields.lastName'), { required: true })}
        {text('first_name', t('orders.fields.firstName'), { required: true })}
        {text('middle_name', t('orders.fields.middleName'))}
        <Controller
          control={form.control}
          name="phone"
          render={({ field }) => (
            <PhoneField
              id={`${prefix}-phone`}
              label={t('orders.fields.phone')}
              required
              fullWidth
              {...muiField(field)}
              error={Boolean(err('phone'))}
              helperText={err('phone')}
              testId={`${prefix}-phone`}
            />
          )}
        />
      </Box>

      {heading(t('orders.checkout.delivery'))}
      {radios('delivery_type', t('orders.fields.deliveryType'), lists?.delivery_type_list)}
      {type !== 'SelfTTN' && radios('delivery_service', t('orders.fields.deliveryService'), lists?.delivery_service_list)}
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
                id={`${prefix}-self_ttn_type`}
                label={t('orders.fields.selfTtnType')}
                required
                fullWidth
                {...muiField(field)}
                onChange={(e) => field.onChange(emptyToUndefined(e.target.value))}
                error={Boolean(err('self_ttn_type'))}
                helperText={err('self_ttn_type')}
                data-testid={`${prefix}-self_ttn_type`}
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
              id={`${prefix}-city`}
              testId={`${prefix}-city`}
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
                id={`${prefix}-branch`}
                testId={`${prefix}-branch`}
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
                  id={`${prefix}-street`}
                  testId={`${prefix}-street`}
                  label={t('orders.fields.street')}
                  required
                  value={streetValue}
                  onChange={(v) => setAddress('street_name', 'street_ref', v)}
                  onInputChange={setStreetInput}
                  options={(streets.data ?? []).map((s) => ({ ref: s.ref, label: s.type ? `${s.type} ${s.name}` : s.name }))}
                  loading={streets.isFetching}
                  error={streets.error}
                  errorText={err('street_name') ?? err('street_ref')}
                  // Typed but not picked: the carrier has no such street (a waybill needs its ref).
                  helper={streetValue.name && !streetValue.ref ? t('orders.address.pickStreet') : undefined}
                  hint={cityRef ? t('orders.address.typeStreet') : t('orders.address.cityFirst')}
                />
              </Box>
              {text('house', t('orders.fields.house'), { required: true })}
              {text('appt', t('orders.fields.appt'))}
            </>
          )}
        </Box>
      )}

      {heading(t('orders.checkout.payment'))}
      {radios(
        'payment_method',
        t('orders.fields.paymentMethod'),
        lists?.pay_method_list,
        paymentLocked ? (id) => id !== lockedPayment : undefined,
        paymentLocked ? t('orders.edit.paymentLocked') : undefined,
      )}
      {paymentExtra?.(payment)}
      {payment === 'Prepayment' && (
        <Controller
          control={form.control}
          name="prepayment_sum"
          render={({ field }) => (
            <TextField
              id={`${prefix}-prepayment_sum`}
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
              slotProps={{ htmlInput: { min: 0, step: 0.01, inputMode: 'decimal', 'data-testid': `${prefix}-prepayment_sum` } }}
            />
          )}
        />
      )}
      {text('comment', t('orders.fields.comment'), { multiline: true })}
    </>
  );
}
