/**
 * The orders filter bar: search (500 ms debounce, Enter at once), order, payment and delivery
 * status, a date range (DD.MM.YYYY, typed or picked: components/ui/date-field.tsx; sent as YYYY-MM-DD),
 * reset. Test ids: orders-filters, orders-search, orders-status,
 * orders-payment-status, orders-delivery-status, orders-date-from, orders-date-to, orders-reset.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS, type ConfigItem } from '@drop/shared';
import { DateField } from '../ui/date-field.tsx';
import type { OrdersFilter, OrdersFilterPatch } from '../../lib/order/orders-filter.ts';
import type { OrderLists } from '../../lib/order/lists.ts';

interface Props {
  filter: OrdersFilter;
  lists: Partial<OrderLists> | undefined;
  active: number;
  onChange: (patch: OrdersFilterPatch) => void;
  onReset: () => void;
}

export function OrdersFilters({ filter, lists, active, onChange, onReset }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(filter.search ?? '');
  const [urlSearch, setUrlSearch] = useState(filter.search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The URL changed from outside (back button, reset): show its search text.
  if (urlSearch !== filter.search) {
    setUrlSearch(filter.search);
    if ((filter.search ?? '') !== search.trim()) setSearch(filter.search ?? '');
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const commitSearch = (value: string) => {
    clearTimeout(timer.current);
    const next = value.trim() || undefined;
    if (next !== filter.search) onChange({ search: next });
  };
  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commitSearch(value), SEARCH_DEBOUNCE_MS);
  };

  const select = (
    name: 'status' | 'payment_status' | 'delivery_status',
    label: string,
    items: ConfigItem[] | undefined,
    testId: string,
    wideOnPhone = false,
  ) => (
    <TextField
      id={`orders-${name}`}
      select
      size="small"
      label={label}
      value={filter[name] ?? ''}
      onChange={(e) => onChange({ [name]: e.target.value || undefined })}
      sx={wideOnPhone ? { gridColumn: { xs: '1 / -1', md: 'auto' } } : undefined}
      slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': testId } as object }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('orders.list.all')}</MenuItem>
      {(items ?? []).map((i) => (
        <MenuItem key={i.id} value={i.id}>
          <Box
            component="span"
            aria-hidden
            sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: i.color, display: 'inline-block', mr: 1, flexShrink: 0 }}
          />
          {i.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box
      role="search"
      aria-label={t('orders.list.filters')}
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'center',
        mb: 2,
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          md: 'repeat(3, minmax(0, 1fr))',
          lg: 'minmax(0, 1.6fr) repeat(3, minmax(0, 1fr))',
          xl: 'minmax(0, 1.6fr) repeat(3, minmax(0, 1.2fr)) repeat(2, minmax(0, 1fr)) auto',
        },
      }}
      data-testid="orders-filters"
    >
      <TextField
        id="orders-search"
        size="small"
        type="search"
        label={t('orders.list.search')}
        placeholder={t('orders.list.searchPlaceholder')}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commitSearch(search);
        }}
        sx={{ gridColumn: { xs: '1 / -1', lg: 'auto' } }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': 'orders-search', maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {select('status', t('orders.list.status'), lists?.order_status_list, 'orders-status')}
      {select('payment_status', t('orders.list.paymentStatus'), lists?.pay_status_list, 'orders-payment-status')}
      {select('delivery_status', t('orders.list.deliveryStatus'), lists?.delivery_status_list, 'orders-delivery-status', true)}
      <DateField
        id="orders-date-from"
        label={t('orders.list.dateFrom')}
        value={filter.date_from}
        max={filter.date_to}
        onChange={(day) => onChange({ date_from: day })}
        testId="orders-date-from"
      />
      <DateField
        id="orders-date-to"
        label={t('orders.list.dateTo')}
        value={filter.date_to}
        min={filter.date_from}
        onChange={(day) => onChange({ date_to: day })}
        testId="orders-date-to"
      />
      <Button
        onClick={() => {
          clearTimeout(timer.current);
          setSearch('');
          onReset();
        }}
        disabled={active === 0 && !search}
        startIcon={<FilterAltOffIcon />}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, justifySelf: { md: 'start' }, whiteSpace: 'nowrap' }}
        data-testid="orders-reset"
      >
        {t('orders.list.reset')}
      </Button>
    </Box>
  );
}
