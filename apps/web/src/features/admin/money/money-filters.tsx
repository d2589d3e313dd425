/**
 * The money lists' common filters (issue 29): a reseller (picked by name, e-mail, phone or id) and a
 * range of Kyiv days, kept in the URL (`user_id`, `date_from`, `date_to`) as the lists send them.
 * Test ids: money-filter-user (the picker's input), money-filter-from, money-filter-to, money-filter-reset.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import { DateField } from '../../../components/ui/date-field.tsx';
import type { MoneyFilter } from '../api/keys.ts';
import { ResellerPicker } from '../components/reseller-picker.tsx';
import { useAdminT } from '../i18n.ts';
import type { UpdateParams } from '../lib/use-list-params.ts';

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** A positive int4 id from the URL (undefined otherwise). */
export function idParam(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
}

/** The URL's reseller and days (malformed values are left out; a reversed range keeps only `date_from`). */
export function moneyFilterOf(params: URLSearchParams): MoneyFilter {
  const user = idParam(params.get('user_id'));
  const from = params.get('date_from');
  const to = params.get('date_to');
  const f: MoneyFilter = {};
  if (user !== undefined) f.user_id = user;
  if (isDay(from)) f.date_from = from;
  if (isDay(to) && !(f.date_from && to < f.date_from)) f.date_to = to;
  return f;
}

export const MONEY_FILTER_KEYS = ['user_id', 'date_from', 'date_to'] as const;
export const hasMoneyFilter = (f: MoneyFilter) => f.user_id !== undefined || Boolean(f.date_from) || Boolean(f.date_to);

/** The reseller picker and the two days; `children` go after them (another filter), `actions` at the row's end. */
export function MoneyFilters({
  filter,
  update,
  children,
  actions,
  extraActive = false,
}: {
  filter: MoneyFilter;
  update: UpdateParams;
  children?: ReactNode;
  actions?: ReactNode;
  extraActive?: boolean;
}) {
  const { t } = useAdminT();
  const active = hasMoneyFilter(filter) || extraActive;
  return (
    <Box
      role="search"
      aria-label={t('moneyFilters.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}
      data-testid="money-filters"
    >
      <ResellerPicker
        value={filter.user_id}
        onChange={(id) => update({ user_id: id ? String(id) : null })}
        testId="money-filter-user"
        sx={{ width: { xs: '100%', sm: 300 } }}
      />
      {children}
      <DateField
        id="money-filter-from"
        label={t('moneyFilters.from')}
        value={filter.date_from}
        max={filter.date_to}
        onChange={(d) => update({ date_from: d ?? null })}
        testId="money-filter-from"
        sx={{ width: { xs: 'calc(50% - 6px)', sm: 170 } }}
      />
      <DateField
        id="money-filter-to"
        label={t('moneyFilters.to')}
        value={filter.date_to}
        min={filter.date_from}
        onChange={(d) => update({ date_to: d ?? null })}
        testId="money-filter-to"
        sx={{ width: { xs: 'calc(50% - 6px)', sm: 170 } }}
      />
      {active && (
        <Button
          variant="text"
          startIcon={<FilterAltOffOutlined />}
          onClick={() => update({ user_id: null, date_from: null, date_to: null, type: null })}
          data-testid="money-filter-reset"
        >
          {t('moneyFilters.reset')}
        </Button>
      )}
      {actions && <Box sx={{ ml: 'auto', display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}
