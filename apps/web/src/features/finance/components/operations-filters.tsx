import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { OPERATION_TYPES, type OperationType } from '@drop/shared';
import type { OperationsFilter } from '../api/keys.ts';
import type { FilterPatch } from '../hooks/use-operations-filter.ts';

/** Date range (native date inputs) and the operation type. */
export function OperationsFilters({
  filter,
  onChange,
  onReset,
  active,
}: {
  filter: OperationsFilter;
  onChange: (patch: FilterPatch) => void;
  onReset: () => void;
  active: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box
      role="search"
      aria-label={t('finance.operations.title')}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1.4fr auto' }, alignItems: 'center', mb: 2 }}
      data-testid="operations-filters"
    >
      <TextField
        id="operations-date-from"
        type="date"
        size="small"
        label={t('finance.operations.dateFrom')}
        value={filter.date_from ?? ''}
        onChange={(e) => onChange({ date_from: e.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filter.date_to, 'data-testid': 'operations-date-from' } }}
      />
      <TextField
        id="operations-date-to"
        type="date"
        size="small"
        label={t('finance.operations.dateTo')}
        value={filter.date_to ?? ''}
        onChange={(e) => onChange({ date_to: e.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filter.date_from, 'data-testid': 'operations-date-to' } }}
      />
      <TextField
        id="operations-type"
        select
        size="small"
        label={t('finance.operations.type')}
        value={filter.type ?? ''}
        onChange={(e) => onChange({ type: (e.target.value || undefined) as OperationType | undefined })}
        sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
        slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'operations-type' } as object }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('finance.operations.allTypes')}</MenuItem>
        {OPERATION_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`finance.operations.types.${type}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button onClick={onReset} disabled={!active} sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }} data-testid="operations-reset">
        {t('finance.operations.reset')}
      </Button>
    </Box>
  );
}
