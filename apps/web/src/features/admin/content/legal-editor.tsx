/**
 * A legal text (privacy_policy or user_agreement): title, "updated" date (DD.MM.YYYY) and the
 * HTML in both languages, with a preview that shows the HTML's text (parsed, never injected).
 * Test ids: legal-editor-{key}, legal-{field}_{lang}, legal-today, legal-preview-{lang}, legal-save-{key}.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import TodayIcon from '@mui/icons-material/Today';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { AdminSettingDto, LegalValue } from '@drop/shared';
import { muiField, validationMessage } from '../../../lib/form.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useSaveSetting } from './api.ts';
import { useContentT } from './i18n.ts';
import { htmlToBlocks, todayDots } from './lib.ts';
import { EditorCard, SaveBar, ServerErrors, sideBySide } from './shared.tsx';

export type LegalKey = 'privacy_policy' | 'user_agreement';
const title = z.string().trim().min(1, 'required').max(200, 'too_long');
const updated = z
  .string()
  .trim()
  .regex(/^\d{2}\.\d{2}\.\d{4}$/, 'invalid_value');
const html = z.string().max(200_000, 'too_long');
const legalForm = z.object({ title_uk: title, updated_uk: updated, html_uk: html, title_ru: title, updated_ru: updated, html_ru: html });
type LegalForm = z.infer<typeof legalForm>;

const asLegal = (v: unknown): LegalValue => {
  const o = (v && typeof v === 'object' ? v : {}) as Partial<LegalValue>;
  return { title: o.title ?? '', updated_at: o.updated_at ?? '', html: o.html ?? '' };
};

export function Preview({ html: source, lang }: { html: string; lang: 'uk' | 'ru' }) {
  const { t } = useContentT();
  const blocks = htmlToBlocks(source);
  return (
    <Paper
      variant="outlined"
      role="region"
      tabIndex={0}
      sx={{ p: 2, maxHeight: 360, overflowY: 'auto', bgcolor: 'grey.50' }}
      aria-label={t('legal.preview', { lang: t(`common.lang.${lang}`) })}
      data-testid={`legal-preview-${lang}`}
    >
      {blocks.length === 0 ? (
        <Typography color="text.secondary">{t('legal.previewEmpty')}</Typography>
      ) : (
        blocks.map((b, i) =>
          b.kind === 'heading' ? (
            <Typography key={i} variant="subtitle1" component="p" sx={{ fontWeight: 700, mt: i ? 1.5 : 0 }}>
              {b.text}
            </Typography>
          ) : (
            <Typography key={i} variant="body2" component="p" sx={{ mt: 0.5, pl: b.kind === 'item' ? 2 : 0 }}>
              {b.kind === 'item' ? `• ${b.text}` : b.text}
            </Typography>
          ),
        )
      )}
    </Paper>
  );
}

export function LegalEditor({ settingKey, setting }: { settingKey: LegalKey; setting: AdminSettingDto }) {
  const { t } = useContentT();
  const toast = useToast();
  const save = useSaveSetting(settingKey);
  const [error, setError] = useState<unknown>(null);
  const uk = asLegal(setting.uk);
  const ru = asLegal(setting.ru);
  const form = useForm<LegalForm>({
    resolver: zodResolver(legalForm),
    defaultValues: { title_uk: uk.title, updated_uk: uk.updated_at, html_uk: uk.html, title_ru: ru.title, updated_ru: ru.updated_at, html_ru: ru.html },
  });
  const [htmlUk, htmlRu] = useWatch({ control: form.control, name: ['html_uk', 'html_ru'] });
  const submit = form.handleSubmit((v) => {
    setError(null);
    save.mutate(
      {
        uk: { title: v.title_uk.trim(), updated_at: v.updated_uk.trim(), html: v.html_uk },
        ru: { title: v.title_ru.trim(), updated_at: v.updated_ru.trim(), html: v.html_ru },
      },
      {
        onSuccess: () => {
          toast.success(t('common.saved'));
          form.reset(v);
        },
        onError: setError,
      },
    );
  });
  const field = (name: keyof LegalForm, label: string, extra: { multiline?: boolean; helper?: string } = {}) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f, fieldState }) => (
        <TextField
          {...muiField(f)}
          label={label}
          required={!extra.multiline}
          multiline={extra.multiline}
          minRows={extra.multiline ? 8 : undefined}
          maxRows={extra.multiline ? 20 : undefined}
          error={!!fieldState.error}
          helperText={validationMessage(fieldState.error?.message) ?? extra.helper}
          slotProps={{
            htmlInput: { 'data-testid': `legal-${name}`, ...(extra.multiline ? { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } : {}) },
          }}
        />
      )}
    />
  );
  const side = (lang: 'uk' | 'ru', source: string) => (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" color="text.secondary">
        {t(`common.lang.${lang}`)}
      </Typography>
      {field(`title_${lang}`, t('legal.docTitle'))}
      {field(`updated_${lang}`, t('legal.updated'), { helper: t('legal.updatedHint') })}
      {field(`html_${lang}`, t('legal.html'), { multiline: true, helper: t('legal.htmlHint') })}
      <Preview html={source} lang={lang} />
    </Stack>
  );
  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())} data-testid={`legal-editor-${settingKey}`}>
      <EditorCard
        title={t(`legal.keys.${settingKey}`)}
        id={`legal-${settingKey}-title`}
        updatedAt={setting.updated_at}
        actions={
          <Button
            variant="outlined"
            startIcon={<TodayIcon />}
            onClick={() => {
              form.setValue('updated_uk', todayDots(), { shouldDirty: true });
              form.setValue('updated_ru', todayDots(), { shouldDirty: true });
            }}
            data-testid="legal-today"
          >
            {t('legal.today')}
          </Button>
        }
      >
        <Box sx={sideBySide}>
          {side('uk', htmlUk)}
          {side('ru', htmlRu)}
        </Box>
        <ServerErrors error={error} />
        <SaveBar busy={save.isPending} dirty={form.formState.isDirty} testId={`legal-save-${settingKey}`} />
      </EditorCard>
    </Box>
  );
}
