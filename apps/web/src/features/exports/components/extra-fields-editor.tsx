/**
 * Extra fields added to every offer: rows of type (param or field), name and value, with add
 * (at most MAX_FEED_EXTRA_FIELDS) and remove. Test ids: export-extra-fields, export-extra-row
 * (data-row), export-extra-{i}-type, export-extra-{i}-param, export-extra-{i}-value,
 * export-extra-{i}-remove, export-extra-add, export-extra-limit, export-extra-error.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { FEED_EXTRA_FIELD_TYPES, MAX_FEED_EXTRA_FIELDS, MAX_FEED_EXTRA_VALUE, type FeedExtraFieldType } from '@drop/shared';
import { useExportsT } from '../i18n.ts';
import { newExtraRow, type ExtraFieldRow } from '../lib/export-form.ts';

export interface ExtraFieldsEditorProps {
  rows: readonly ExtraFieldRow[];
  onChange: (rows: ExtraFieldRow[]) => void;
  /** The error text of a field key (`extra.{rowKey}.{part}` or `extra_fields`). */
  error: (key: string) => string | undefined;
  /** Clears a field key's error. */
  clear: (key: string) => void;
}

export function ExtraFieldsEditor({ rows, onChange, error, clear }: ExtraFieldsEditorProps) {
  const { t } = useExportsT();
  const full = rows.length >= MAX_FEED_EXTRA_FIELDS;
  const listError = error('extra_fields');

  const update = (key: number, patch: Partial<Omit<ExtraFieldRow, 'key'>>) => {
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    for (const part of Object.keys(patch)) clear(`extra.${key}.${part}`);
    // The name rules depend on the type.
    if (patch.type) clear(`extra.${key}.param`);
  };

  return (
    <Box data-testid="export-extra-fields">
      {listError && (
        <Typography color="error" variant="body2" role="alert" sx={{ mb: 1 }} data-testid="export-extra-error">
          {listError}
        </Typography>
      )}
      {rows.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
          {t('form.extraEmpty')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, p: 0, display: 'grid', gap: 1.5, mb: 1.5 }}>
          {rows.map((r, i) => {
            const paramError = error(`extra.${r.key}.param`);
            const valueError = error(`extra.${r.key}.value`);
            const typeError = error(`extra.${r.key}.type`);
            return (
              <Box
                component="li"
                key={r.key}
                data-testid="export-extra-row"
                data-row={i}
                sx={{
                  listStyle: 'none',
                  display: 'grid',
                  gap: 1,
                  alignItems: 'start',
                  gridTemplateColumns: { xs: '1fr auto', md: '240px 1fr 1.4fr auto' },
                  pb: { xs: 1.5, md: 0 },
                  borderBottom: { xs: '1px solid', md: 'none' },
                  borderBottomColor: { xs: 'divider' },
                }}
              >
                <TextField
                  select
                  size="small"
                  label={t('form.extraType')}
                  value={r.type}
                  onChange={(e) => update(r.key, { type: e.target.value as FeedExtraFieldType })}
                  error={Boolean(typeError)}
                  helperText={typeError}
                  sx={{ gridColumn: { xs: '1 / 2', md: 'auto' } }}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': `export-extra-${i}-type` } }}
                >
                  {FEED_EXTRA_FIELD_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`form.extraTypes.${type}`)}
                    </option>
                  ))}
                </TextField>
                <IconButton
                  onClick={() => onChange(rows.filter((x) => x.key !== r.key))}
                  aria-label={t('form.extraRemove', { n: i + 1 })}
                  data-testid={`export-extra-${i}-remove`}
                  sx={{ gridColumn: { xs: '2 / 3', md: '4 / 5' }, gridRow: { xs: '1', md: '1' }, mt: 0.25 }}
                >
                  <DeleteIcon />
                </IconButton>
                <TextField
                  size="small"
                  label={t('form.extraParam')}
                  value={r.param}
                  required
                  onChange={(e) => update(r.key, { param: e.target.value })}
                  error={Boolean(paramError)}
                  helperText={paramError}
                  placeholder={r.type === 'field' ? 'warranty' : 'Гарантія'}
                  sx={{ gridColumn: { xs: '1 / 3', md: '2 / 3' }, gridRow: { md: '1' } }}
                  slotProps={{ htmlInput: { 'data-testid': `export-extra-${i}-param`, maxLength: 120 } }}
                />
                <TextField
                  size="small"
                  label={t('form.extraValue')}
                  value={r.value}
                  onChange={(e) => update(r.key, { value: e.target.value })}
                  error={Boolean(valueError)}
                  helperText={valueError}
                  sx={{ gridColumn: { xs: '1 / 3', md: '3 / 4' }, gridRow: { md: '1' } }}
                  slotProps={{ htmlInput: { 'data-testid': `export-extra-${i}-value`, maxLength: MAX_FEED_EXTRA_VALUE + 20 } }}
                />
              </Box>
            );
          })}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<AddIcon />} disabled={full} onClick={() => onChange([...rows, newExtraRow()])} data-testid="export-extra-add">
          {t('form.extraAdd')}
        </Button>
        {full && (
          <Typography variant="body2" color="text.secondary" data-testid="export-extra-limit">
            {t('form.extraLimit', { max: MAX_FEED_EXTRA_FIELDS })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
