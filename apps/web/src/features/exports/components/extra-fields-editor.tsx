/**
 * Extra fields added to every offer: rows of type (param or field), name and value, with add
 * (at most MAX_FEED_EXTRA_FIELDS) and remove. Test ids: export-extra-fields, export-extra-row
 * (data-row), export-extra-{i}-type, export-extra-{i}-param, export-extra-{i}-value,
 * export-extra-{i}-remove, export-extra-add, export-extra-limit, export-extra-error.
 */
import { memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Controller, useFieldArray, useFormState, useWatch, type Control, type UseFormClearErrors } from 'react-hook-form';
import { FEED_EXTRA_FIELD_TYPES, MAX_FEED_EXTRA_FIELDS, MAX_FEED_EXTRA_VALUE, type FeedExtraFieldType } from '@drop/shared';
import { muiField } from '../../../lib/form.ts';
import { useExportsT } from '../i18n.ts';
import { EXTRA_FIELDS_ERROR, newExtraRow, type ExportFormValues } from '../lib/export-form.ts';

export interface ExtraFieldsEditorProps {
  control: Control<ExportFormValues>;
  /** The error text of a field name (`extra_fields.{i}.{part}` or EXTRA_FIELDS_ERROR) for its message (a stable function). */
  error: (key: string, message: string | undefined) => string | undefined;
  /** The form's clearErrors (a row's name rules depend on its type). */
  clear: UseFormClearErrors<ExportFormValues>;
}

interface RowProps extends ExtraFieldsEditorProps {
  index: number;
  remove: (index: number) => void;
}

/** One row (memoised: adding the thirtieth row does not render the other twenty-nine again). */
const ExtraFieldRowEditor = memo(function ExtraFieldRowEditor({ control, error, clear, index: i, remove }: RowProps) {
  const { t } = useExportsT();
  const type = useWatch({ control, name: `extra_fields.${i}.type` });
  return (
    <Box
      component="li"
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
      <Controller
        control={control}
        name={`extra_fields.${i}.type`}
        render={({ field, fieldState }) => (
          <TextField
            select
            size="small"
            label={t('form.extraType')}
            {...muiField(field)}
            onChange={(e) => {
              field.onChange(e.target.value as FeedExtraFieldType);
              clear(`extra_fields.${i}.param`);
            }}
            error={Boolean(fieldState.error)}
            helperText={error(field.name, fieldState.error?.message)}
            sx={{ gridColumn: { xs: '1 / 2', md: 'auto' } }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': `export-extra-${i}-type` } }}
          >
            {FEED_EXTRA_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`form.extraTypes.${type}`)}
              </option>
            ))}
          </TextField>
        )}
      />
      <IconButton
        onClick={() => {
          remove(i);
          clear(EXTRA_FIELDS_ERROR as 'extra_fields');
        }}
        aria-label={t('form.extraRemove', { n: i + 1 })}
        data-testid={`export-extra-${i}-remove`}
        sx={{ gridColumn: { xs: '2 / 3', md: '4 / 5' }, gridRow: { xs: '1', md: '1' }, mt: 0.25 }}
      >
        <DeleteIcon />
      </IconButton>
      <Controller
        control={control}
        name={`extra_fields.${i}.param`}
        render={({ field, fieldState }) => (
          <TextField
            size="small"
            label={t('form.extraParam')}
            {...muiField(field)}
            required
            error={Boolean(fieldState.error)}
            helperText={error(field.name, fieldState.error?.message)}
            placeholder={type === 'field' ? 'warranty' : 'Гарантія'}
            sx={{ gridColumn: { xs: '1 / 3', md: '2 / 3' }, gridRow: { md: '1' } }}
            slotProps={{ htmlInput: { 'data-testid': `export-extra-${i}-param`, maxLength: 120 } }}
          />
        )}
      />
      <Controller
        control={control}
        name={`extra_fields.${i}.value`}
        render={({ field, fieldState }) => (
          <TextField
            size="small"
            label={t('form.extraValue')}
            {...muiField(field)}
            error={Boolean(fieldState.error)}
            helperText={error(field.name, fieldState.error?.message)}
            sx={{ gridColumn: { xs: '1 / 3', md: '3 / 4' }, gridRow: { md: '1' } }}
            slotProps={{ htmlInput: { 'data-testid': `export-extra-${i}-value`, maxLength: MAX_FEED_EXTRA_VALUE + 20 } }}
          />
        )}
      />
    </Box>
  );
});

export function ExtraFieldsEditor({ control, error, clear }: ExtraFieldsEditorProps) {
  const { t } = useExportsT();
  const { fields: rows, append, remove } = useFieldArray({ control, name: 'extra_fields' });
  const { errors } = useFormState({ control, name: EXTRA_FIELDS_ERROR as 'extra_fields' });
  const full = rows.length >= MAX_FEED_EXTRA_FIELDS;
  const listError = error(EXTRA_FIELDS_ERROR, errors.root?.extra_fields?.message);

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
          {rows.map((r, i) => (
            <ExtraFieldRowEditor key={r.id} control={control} error={error} clear={clear} index={i} remove={remove} />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={full}
          onClick={() => {
            append(newExtraRow(), { shouldFocus: false });
            clear(EXTRA_FIELDS_ERROR as 'extra_fields');
          }}
          data-testid="export-extra-add"
        >
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
