/**
 * The changelog (setting `changelog`): a version (raising it shows the dialog to every reseller
 * again) and entries by date, each with items (title, subtitle) in Ukrainian and Russian side by
 * side. Test ids: changelog-editor, changelog-version, changelog-date-{i}, changelog-add-date,
 * changelog-remove-date-{i}, changelog-add-item-{i}, changelog-item-{i}-{j}, changelog-save.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm, type Control } from 'react-hook-form';
import { z } from 'zod';
import type { AdminSettingDto, ChangelogValue } from '@drop/shared';
import { muiField, validationMessage } from '../../../lib/form.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useSaveSetting } from './api.ts';
import { useContentT } from './i18n.ts';
import { fromIsoDate, toIsoDate } from './lib.ts';
import { EditorCard, SaveBar, ServerErrors, sideBySide } from './shared.tsx';

const item = z.object({
  title_uk: z.string().trim().min(1, 'required').max(200, 'too_long'),
  subtitle_uk: z.string().max(1000, 'too_long'),
  title_ru: z.string().trim().min(1, 'required').max(200, 'too_long'),
  subtitle_ru: z.string().max(1000, 'too_long'),
});
const changelogForm = z
  .object({
    version: z.string().trim().min(1, 'required').max(32, 'too_long'),
    entries: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'required'), items: z.array(item).min(1, 'required') })),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.entries.forEach((e, i) => {
      if (seen.has(e.date)) ctx.addIssue({ code: 'custom', message: 'duplicate_date', path: ['entries', i, 'date'] });
      seen.add(e.date);
    });
  });
export type ChangelogForm = z.infer<typeof changelogForm>;

const asChangelog = (v: unknown): ChangelogValue => {
  const o = (v && typeof v === 'object' ? v : {}) as Partial<ChangelogValue>;
  return { version: typeof o.version === 'string' ? o.version : '', entries: o.entries && typeof o.entries === 'object' ? o.entries : {} };
};

/** Both languages' entries joined by date (newest first), items paired by position. */
export function changelogFormOf(setting: Pick<AdminSettingDto, 'uk' | 'ru'>): ChangelogForm {
  const uk = asChangelog(setting.uk);
  const ru = asChangelog(setting.ru);
  const dates = [...new Set([...Object.keys(uk.entries), ...Object.keys(ru.entries)])].map(toIsoDate).filter(Boolean).sort().reverse();
  return {
    version: uk.version || ru.version,
    entries: dates.map((date) => {
      const a = uk.entries[fromIsoDate(date)] ?? [];
      const b = ru.entries[fromIsoDate(date)] ?? [];
      return {
        date,
        items: Array.from({ length: Math.max(a.length, b.length) }, (_, i) => ({
          title_uk: a[i]?.title ?? '',
          subtitle_uk: a[i]?.subtitle ?? '',
          title_ru: b[i]?.title ?? '',
          subtitle_ru: b[i]?.subtitle ?? '',
        })),
      };
    }),
  };
}

export function changelogValuesOf(f: ChangelogForm): { uk: ChangelogValue; ru: ChangelogValue } {
  const side = (lang: 'uk' | 'ru'): ChangelogValue => ({
    version: f.version.trim(),
    entries: Object.fromEntries(
      f.entries.map((e) => [fromIsoDate(e.date), e.items.map((i) => ({ title: i[`title_${lang}`].trim(), subtitle: i[`subtitle_${lang}`].trim() }))]),
    ),
  });
  return { uk: side('uk'), ru: side('ru') };
}

const msg = (m: string | undefined, dup: string) => (m === 'duplicate_date' ? dup : validationMessage(m));

function Items({ control, index }: { control: Control<ChangelogForm>; index: number }) {
  const { t } = useContentT();
  const { fields, append, remove } = useFieldArray({ control, name: `entries.${index}.items` });
  const field = (j: number, name: 'title_uk' | 'subtitle_uk' | 'title_ru' | 'subtitle_ru', label: string) => (
    <Controller
      control={control}
      name={`entries.${index}.items.${j}.${name}`}
      render={({ field: f, fieldState }) => (
        <TextField
          {...muiField(f)}
          size="small"
          label={label}
          required={name.startsWith('title')}
          multiline={name.startsWith('subtitle')}
          error={!!fieldState.error}
          helperText={validationMessage(fieldState.error?.message)}
          slotProps={{ htmlInput: { 'data-testid': `changelog-${name}-${index}-${j}` } }}
        />
      )}
    />
  );
  return (
    <Stack spacing={1.5}>
      {fields.map((f, j) => (
        <Box key={f.id} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }} data-testid={`changelog-item-${index}-${j}`}>
          <Box sx={{ ...sideBySide, flexGrow: 1 }}>
            <Stack spacing={1}>
              {field(j, 'title_uk', t('changelog.titleUk'))}
              {field(j, 'subtitle_uk', t('changelog.subtitleUk'))}
            </Stack>
            <Stack spacing={1}>
              {field(j, 'title_ru', t('changelog.titleRu'))}
              {field(j, 'subtitle_ru', t('changelog.subtitleRu'))}
            </Stack>
          </Box>
          <IconButton onClick={() => remove(j)} disabled={fields.length === 1} aria-label={t('changelog.removeItem', { n: j + 1 })}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => append({ title_uk: '', subtitle_uk: '', title_ru: '', subtitle_ru: '' })}
        sx={{ alignSelf: 'flex-start' }}
        data-testid={`changelog-add-item-${index}`}
      >
        {t('changelog.addItem')}
      </Button>
    </Stack>
  );
}

export function ChangelogEditor({ setting }: { setting: AdminSettingDto }) {
  const { t } = useContentT();
  const toast = useToast();
  const save = useSaveSetting('changelog');
  const [error, setError] = useState<unknown>(null);
  const form = useForm<ChangelogForm>({ resolver: zodResolver(changelogForm), defaultValues: changelogFormOf(setting) });
  const { fields, prepend, remove } = useFieldArray({ control: form.control, name: 'entries' });
  const submit = form.handleSubmit((v) => {
    setError(null);
    save.mutate(changelogValuesOf(v), {
      onSuccess: () => {
        toast.success(t('common.saved'));
        form.reset(v);
      },
      onError: setError,
    });
  });
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())} data-testid="changelog-editor">
      <EditorCard
        title={t('changelog.title')}
        id="changelog-title"
        updatedAt={setting.updated_at}
        actions={
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => prepend({ date: today, items: [{ title_uk: '', subtitle_uk: '', title_ru: '', subtitle_ru: '' }] })}
            data-testid="changelog-add-date"
          >
            {t('changelog.addDate')}
          </Button>
        }
      >
        <Controller
          control={form.control}
          name="version"
          render={({ field, fieldState }) => (
            <TextField
              {...muiField(field)}
              label={t('changelog.version')}
              required
              sx={{ maxWidth: 240, mb: 2 }}
              error={!!fieldState.error}
              helperText={validationMessage(fieldState.error?.message) ?? t('changelog.versionHint')}
              slotProps={{ htmlInput: { 'data-testid': 'changelog-version' } }}
            />
          )}
        />
        <Stack spacing={2}>
          {fields.length === 0 && <Typography color="text.secondary">{t('changelog.empty')}</Typography>}
          {fields.map((f, i) => (
            <Paper key={f.id} variant="outlined" sx={{ p: 2 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mb: 2 }}>
                <Controller
                  control={form.control}
                  name={`entries.${i}.date`}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...muiField(field)}
                      type="date"
                      size="small"
                      label={t('changelog.date')}
                      sx={{ maxWidth: 220 }}
                      error={!!fieldState.error}
                      helperText={msg(fieldState.error?.message, t('changelog.duplicateDate'))}
                      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `changelog-date-${i}` } }}
                    />
                  )}
                />
                <Box sx={{ flexGrow: 1 }} />
                <Button color="error" startIcon={<DeleteIcon />} onClick={() => remove(i)} data-testid={`changelog-remove-date-${i}`}>
                  {t('changelog.removeDate')}
                </Button>
              </Box>
              <Items control={form.control} index={i} />
            </Paper>
          ))}
        </Stack>
        <ServerErrors error={error} />
        <SaveBar busy={save.isPending} dirty={form.formState.isDirty} testId="changelog-save" />
      </EditorCard>
    </Box>
  );
}
