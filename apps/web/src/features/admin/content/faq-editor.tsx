/**
 * The landing's FAQ (setting `faq`): question/answer pairs in Ukrainian and Russian side by side;
 * add, remove, move up and down (at most 50). A 422 `uk.3.question` lands on its field.
 * Test ids: faq-editor, faq-item (data-index), faq-question_uk-{i}, faq-answer_uk-{i},
 * faq-question_ru-{i}, faq-answer_ru-{i}, faq-up-{i}, faq-down-{i}, faq-remove-{i}, faq-add, faq-save.
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
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { AdminSettingDto, FaqValue } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { muiField, validationMessage } from '../../../lib/form.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useSaveSetting } from './api.ts';
import { useContentT } from './i18n.ts';
import { splitSettingError } from './lib.ts';
import { EditorCard, SaveBar, ServerErrors, sideBySide } from './shared.tsx';

export const FAQ_MAX = 50;
const q = z.string().trim().min(1, 'required').max(500, 'too_long');
const a = z.string().trim().min(1, 'required').max(5000, 'too_long');
const faqForm = z.object({ items: z.array(z.object({ question_uk: q, answer_uk: a, question_ru: q, answer_ru: a })).max(FAQ_MAX, 'too_big') });
type FaqForm = z.infer<typeof faqForm>;
type ItemField = 'question_uk' | 'answer_uk' | 'question_ru' | 'answer_ru';

const asFaq = (v: unknown): FaqValue => (Array.isArray(v) ? (v as FaqValue) : []);

export function faqFormOf(s: Pick<AdminSettingDto, 'uk' | 'ru'>): FaqForm {
  const uk = asFaq(s.uk);
  const ru = asFaq(s.ru);
  return {
    items: Array.from({ length: Math.max(uk.length, ru.length) }, (_, i) => ({
      question_uk: uk[i]?.question ?? '',
      answer_uk: uk[i]?.answer ?? '',
      question_ru: ru[i]?.question ?? '',
      answer_ru: ru[i]?.answer ?? '',
    })),
  };
}

export const faqValuesOf = (f: FaqForm) => ({
  uk: f.items.map((i) => ({ question: i.question_uk.trim(), answer: i.answer_uk.trim() })),
  ru: f.items.map((i) => ({ question: i.question_ru.trim(), answer: i.answer_ru.trim() })),
});

export function FaqEditor({ setting }: { setting: AdminSettingDto }) {
  const { t } = useContentT();
  const toast = useToast();
  const save = useSaveSetting('faq');
  const [error, setError] = useState<unknown>(null);
  const form = useForm<FaqForm>({ resolver: zodResolver(faqForm), defaultValues: faqFormOf(setting) });
  const { fields, append, remove, swap } = useFieldArray({ control: form.control, name: 'items' });
  const submit = form.handleSubmit((v) => {
    setError(null);
    save.mutate(faqValuesOf(v), {
      onSuccess: () => {
        toast.success(t('common.saved'));
        form.reset(v);
      },
      onError: (e) => {
        let placed = false;
        if (isApiError(e) && e.errors)
          for (const [k, msgs] of Object.entries(e.errors)) {
            const p = splitSettingError(k);
            if (p && p.path.length === 2 && /^\d+$/.test(p.path[0]!) && (p.path[1] === 'question' || p.path[1] === 'answer')) {
              form.setError(`items.${Number(p.path[0])}.${p.path[1]}_${p.lang}` as `items.0.question_uk`, { type: 'server', message: msgs[0] });
              placed = true;
            }
          }
        if (!placed) setError(e);
      },
    });
  });
  const field = (i: number, name: ItemField, label: string) => (
    <Controller
      control={form.control}
      name={`items.${i}.${name}`}
      render={({ field: f, fieldState }) => (
        <TextField
          {...muiField(f)}
          size="small"
          label={label}
          required
          multiline={name.startsWith('answer')}
          minRows={name.startsWith('answer') ? 2 : undefined}
          error={!!fieldState.error}
          helperText={validationMessage(fieldState.error?.message)}
          slotProps={{ htmlInput: { 'data-testid': `faq-${name}-${i}` } }}
        />
      )}
    />
  );
  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())} data-testid="faq-editor">
      <EditorCard
        title={t('faq.title')}
        id="faq-title"
        updatedAt={setting.updated_at}
        actions={
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            disabled={fields.length >= FAQ_MAX}
            onClick={() => append({ question_uk: '', answer_uk: '', question_ru: '', answer_ru: '' })}
            data-testid="faq-add"
          >
            {t('faq.add')}
          </Button>
        }
      >
        <Stack spacing={2} component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {fields.length === 0 && <Typography color="text.secondary">{t('faq.empty')}</Typography>}
          {fields.map((f, i) => (
            <Paper component="li" key={f.id} variant="outlined" sx={{ p: 2 }} data-testid="faq-item" data-index={i}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mb: 1.5 }}>
                <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>{t('faq.item', { n: i + 1 })}</Typography>
                <IconButton size="small" onClick={() => swap(i, i - 1)} disabled={i === 0} aria-label={t('faq.up', { n: i + 1 })} data-testid={`faq-up-${i}`}>
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  onClick={() => swap(i, i + 1)}
                  disabled={i === fields.length - 1}
                  aria-label={t('faq.down', { n: i + 1 })}
                  data-testid={`faq-down-${i}`}
                >
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  onClick={() => remove(i)}
                  aria-label={t('faq.remove', { n: i + 1 })}
                  data-testid={`faq-remove-${i}`}
                  sx={{ '&:hover': { color: 'error.main' } }}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
              <Box sx={sideBySide}>
                <Stack spacing={1.5}>
                  {field(i, 'question_uk', t('faq.questionUk'))}
                  {field(i, 'answer_uk', t('faq.answerUk'))}
                </Stack>
                <Stack spacing={1.5}>
                  {field(i, 'question_ru', t('faq.questionRu'))}
                  {field(i, 'answer_ru', t('faq.answerRu'))}
                </Stack>
              </Box>
            </Paper>
          ))}
        </Stack>
        <ServerErrors error={error} />
        <SaveBar busy={save.isPending} dirty={form.formState.isDirty} testId="faq-save" />
      </EditorCard>
    </Box>
  );
}
