/**
 * The staff's extra order filters (issue 29 point 3), under the reseller's own filter bar (search,
 * statuses, dates): the reseller (an autocomplete over GET /admin/users, for roles that may read
 * resellers), payment method, delivery service, method and type, and part of the city's name
 * (debounced). Each writes its URL parameter. Test ids: admin-order-filters, filter-reseller,
 * filter-payment-method, filter-delivery-service, filter-delivery-method, filter-delivery-type, filter-city.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SEARCH_DEBOUNCE_MS, mayAccess, type ConfigItem } from '@drop/shared';
import { ResellerPicker } from '../components/reseller-picker.tsx';
import { useTextParam } from '../lib/use-list-params.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { OrderLists } from '../../../lib/order/lists.ts';
import type { AdminListFilter, AdminListPatch } from './list-state.ts';
import { useOrdersT } from './i18n.ts';

type Key = 'payment_method' | 'delivery_service' | 'delivery_method' | 'delivery_type';

interface Props {
  filter: AdminListFilter;
  lists: Partial<OrderLists> | undefined;
  role: string | undefined;
  onChange: (patch: AdminListPatch) => void;
}

export function AdminOrderFilters({ filter, lists, role, onChange }: Props) {
  const { t } = useOrdersT();
  const [city, setCity] = useState(filter.city ?? '');
  const [urlCity, setUrlCity] = useState(filter.city);
  // The URL changed from outside (reset, a saved view, back): show its city.
  if (urlCity !== filter.city) {
    setUrlCity(filter.city);
    if ((filter.city ?? '') !== city.trim()) setCity(filter.city ?? '');
  }
  const debounced = useDebouncedValue(city, SEARCH_DEBOUNCE_MS);
  const params = new URLSearchParams(filter.city ? { city: filter.city } : {});
  useTextParam('city', debounced, params, (changes) => onChange({ city: changes.city ?? undefined }));

  const select = (name: Key, label: string, items: ConfigItem[] | undefined, testId: string) => (
    <TextField
      id={`filter-${name}`}
      select
      size="small"
      label={label}
      value={filter[name] ?? ''}
      onChange={(e) => onChange({ [name]: e.target.value || undefined })}
      slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': testId } as object }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('filters.any')}</MenuItem>
      {(items ?? []).map((i) => (
        <MenuItem key={i.id} value={i.id}>
          {i.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box
      role="group"
      aria-label={t('filters.label')}
      data-testid="admin-order-filters"
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'center',
        mb: 2,
        mt: -0.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', xl: 'minmax(0, 1.6fr) repeat(5, minmax(0, 1fr))' },
      }}
    >
      {mayAccess(role, 'resellers.read') && (
        <ResellerPicker
          value={filter.user_id}
          onChange={(id) => onChange({ user_id: id })}
          label={t('filters.reseller')}
          testId="filter-reseller"
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        />
      )}
      {select('payment_method', t('filters.paymentMethod'), lists?.pay_method_list, 'filter-payment-method')}
      {select('delivery_service', t('filters.deliveryService'), lists?.delivery_service_list, 'filter-delivery-service')}
      {select('delivery_method', t('filters.deliveryMethod'), lists?.delivery_method_list, 'filter-delivery-method')}
      {select('delivery_type', t('filters.deliveryType'), lists?.delivery_type_list, 'filter-delivery-type')}
      <TextField
        id="filter-city"
        size="small"
        type="search"
        label={t('filters.city')}
        value={city}
        onChange={(e) => setCity(e.target.value)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'filter-city', maxLength: 100, 'aria-label': t('filters.city') } }}
      />
    </Box>
  );
}
