/**
 * The staff's orders table (issue 29 point 3): the columns a person chooses (ORDER_LIST_COLUMNS;
 * the number is always shown), each column's header and cell, sortable headers (aria-sort, a
 * click sorts ascending, a second click descending), the column chooser (a checkbox menu), the
 * rows-per-page select and, on phones, a sort select (cards have no headers).
 * Test ids: list-columns (button), list-column-<name> (menu checkbox), list-columns-reset,
 * list-sort-<field> (header button), list-per-page, list-sort-select, admin-order-cell-<column>.
 */
import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import ViewColumnIcon from '@mui/icons-material/ViewColumnOutlined';
import {
  ORDER_COLUMN_SORTS,
  ORDER_LIST_COLUMNS,
  ORDER_LIST_DEFAULT_COLUMNS,
  ORDER_LIST_PER_PAGE,
  ORDER_SORT_FIELDS,
  formatDate,
  formatMoney,
  formatPhone,
  sortDescending,
  sortField,
  type OrderListColumn,
  type OrderSort,
  type OrderSortField,
} from '@drop/shared';
import { StatusChip } from '../../../components/order/status-chip.tsx';
import { labelOf, type OrderLists } from '../../../lib/order/lists.ts';
import { clientName } from '../../../lib/order/address.ts';
import type { AdminOrderSummary } from './api.ts';
import { useOrdersT } from './i18n.ts';

const num = { whiteSpace: 'nowrap', textAlign: 'right' } as const;
const RIGHT: readonly OrderListColumn[] = ['total', 'profit'];

/** A column's header text. */
export function useColumnLabel() {
  const { t } = useOrdersT();
  return (c: OrderListColumn | 'number') => t(`columns.${c}`);
}

/** One cell of a chosen column; `reseller` is rendered by the page (its link). */
export function ColumnCell({
  column,
  order,
  lists,
  reseller,
}: {
  column: OrderListColumn;
  order: AdminOrderSummary;
  lists: Partial<OrderLists> | undefined;
  reseller: ReactNode;
}) {
  const { tc } = useOrdersT();
  const money = (v: number) => `${formatMoney(v)} ${tc('common.currency')}`;
  const o = order;
  let content: ReactNode;
  switch (column) {
    case 'created_at':
      content = formatDate(o.created_at);
      break;
    case 'reseller':
      content = reseller;
      break;
    case 'client':
      content = clientName(o);
      break;
    case 'phone':
      content = formatPhone(o.phone);
      break;
    case 'status':
      content = <StatusChip list={lists?.order_status_list} id={o.status} name={o.status_name} testId="admin-order-row-status" />;
      break;
    case 'payment_status':
      content = <StatusChip list={lists?.pay_status_list} id={o.payment_status} />;
      break;
    case 'delivery_status':
      content = <StatusChip list={lists?.delivery_status_list} id={o.delivery_status} />;
      break;
    case 'payment_method':
      content = labelOf(lists?.pay_method_list, o.payment_method);
      break;
    case 'delivery':
      content = `${labelOf(lists?.delivery_service_list, o.delivery_service)} · ${labelOf(lists?.delivery_method_list, o.delivery_method)}${o.delivery_type === 'SelfTTN' ? ` · ${labelOf(lists?.delivery_type_list, o.delivery_type)}` : ''}`;
      break;
    case 'city':
      content = o.delivery.city_name ?? '—';
      break;
    case 'ttn':
      content = o.ttn ?? '—';
      break;
    case 'total':
      content = money(o.total);
      break;
    case 'profit':
      content = money(o.calculations.profit);
      break;
    case 'comment':
      content = o.comment || '—';
      break;
  }
  const sx =
    column === 'total'
      ? { ...num, fontWeight: 600 }
      : RIGHT.includes(column)
        ? num
        : column === 'client' || column === 'comment'
          ? { minWidth: 140, maxWidth: column === 'comment' ? 260 : undefined, overflowWrap: 'anywhere' as const }
          : column === 'ttn' || column === 'phone'
            ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }
            : column === 'created_at'
              ? { whiteSpace: 'nowrap' }
              : undefined;
  return (
    <TableCell sx={sx} data-testid={`admin-order-cell-${column}`}>
      {content}
    </TableCell>
  );
}

/** A header cell: sortable when the column has a sort (aria-sort tells which way the list is sorted now). */
export function ColumnHeader({ column, sort, onSort }: { column: OrderListColumn | 'number'; sort: OrderSort; onSort: (s: OrderSort) => void }) {
  const label = useColumnLabel()(column);
  const { t } = useOrdersT();
  const field = ORDER_COLUMN_SORTS[column];
  const sx = column !== 'number' && RIGHT.includes(column) ? num : undefined;
  if (!field) return <TableCell sx={sx}>{label}</TableCell>;
  const active = sortField(sort) === field;
  const desc = active && sortDescending(sort);
  return (
    <TableCell sx={sx} aria-sort={active ? (desc ? 'descending' : 'ascending') : undefined} sortDirection={active ? (desc ? 'desc' : 'asc') : false}>
      <TableSortLabel
        active={active}
        direction={desc ? 'desc' : 'asc'}
        onClick={() => onSort(active && !desc ? (`-${field}` as OrderSort) : active ? field : field === 'created_at' ? '-created_at' : field)}
        title={t('sort.by', { column: label })}
        data-testid={`list-sort-${field}`}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );
}

/** The column chooser: a menu of checkboxes, one per column, and "defaults". */
export function ColumnChooser({
  columns,
  onChange,
}: {
  columns: OrderListColumn[];
  onChange: (cols: OrderListColumn[] | ((shown: OrderListColumn[]) => OrderListColumn[])) => void;
}) {
  const { t } = useOrdersT();
  const label = useColumnLabel();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (c: OrderListColumn) =>
    onChange((shown) => {
      const on = new Set(shown);
      if (on.has(c)) on.delete(c);
      else on.add(c);
      // The table's order, whatever order they were ticked in.
      return ORDER_LIST_COLUMNS.filter((x) => on.has(x));
    });
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ViewColumnIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'list-columns-menu' : undefined}
        data-testid="list-columns"
      >
        {t('columns.choose')}
      </Button>
      <Menu
        id="list-columns-menu"
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { dense: true, 'aria-label': t('columns.choose') } }}
      >
        {ORDER_LIST_COLUMNS.map((c) => {
          const on = columns.includes(c);
          return (
            <MenuItem key={c} role="menuitemcheckbox" aria-checked={on} onClick={() => toggle(c)} data-testid={`list-column-${c}`}>
              <ListItemIcon>
                {/* An icon, not a checkbox control: the menu item itself is the checkbox (no nested control). */}
                {on ? <CheckBoxIcon fontSize="small" color="primary" aria-hidden /> : <CheckBoxOutlineBlank fontSize="small" aria-hidden />}
              </ListItemIcon>
              <ListItemText>{label(c)}</ListItemText>
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem onClick={() => onChange([...ORDER_LIST_DEFAULT_COLUMNS])} data-testid="list-columns-reset">
          {t('columns.defaults')}
        </MenuItem>
      </Menu>
    </>
  );
}

/** Rows per page (10, 20, 50, 100). */
export function PerPageSelect({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  const { t } = useOrdersT();
  return (
    <TextField
      id="list-per-page"
      select
      size="small"
      label={t('perPage')}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ width: 110, flex: '0 0 auto' }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'list-per-page' } as object } }}
    >
      {ORDER_LIST_PER_PAGE.map((n) => (
        <MenuItem key={n} value={n}>
          {n}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The sort as a select (phones: the cards have no headers to click). */
export function SortSelect({ value, onChange }: { value: OrderSort; onChange: (s: OrderSort) => void }) {
  const { t } = useOrdersT();
  const names: Record<OrderSortField, string> = Object.fromEntries(ORDER_SORT_FIELDS.map((f) => [f, t(`sort.fields.${f}`)])) as Record<OrderSortField, string>;
  return (
    <TextField
      id="list-sort"
      select
      size="small"
      label={t('sort.label')}
      value={value}
      onChange={(e) => onChange(e.target.value as OrderSort)}
      sx={{ flex: '1 1 180px', minWidth: 0, maxWidth: 260 }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'list-sort-select' } as object } }}
    >
      {ORDER_SORT_FIELDS.flatMap((f) => [
        <MenuItem key={`-${f}`} value={`-${f}`}>
          {t('sort.desc', { field: names[f] })}
        </MenuItem>,
        <MenuItem key={f} value={f}>
          {t('sort.asc', { field: names[f] })}
        </MenuItem>,
      ])}
    </TextField>
  );
}
