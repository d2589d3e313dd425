/**
 * A broadcast notification: title and message in both languages, to every reseller or to chosen
 * ones (a picker searching GET /admin/users), optionally by e-mail too; sending to everyone asks
 * first. Shows how many got it. Test ids: broadcast-form, broadcast-title_uk, broadcast-title_ru,
 * broadcast-message_uk, broadcast-message_ru, broadcast-audience-all, broadcast-audience-selected,
 * broadcast-users, broadcast-mail, broadcast-send, broadcast-confirm(-confirm|-cancel), broadcast-result.
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { SEARCH_DEBOUNCE_MS, type BroadcastInput } from '@drop/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { applyServerErrors, muiField, validationMessage } from '../../../lib/form.ts';
import { useBroadcast, useUserSearch, type UserOption } from './api.ts';
import { useContentT } from './i18n.ts';
import { EditorCard, ServerErrors, sideBySide } from './shared.tsx';

const title = z.string().trim().min(1, 'required').max(120, 'too_long');
const message = z.string().trim().min(1, 'required').max(2000, 'too_long');
const broadcastForm = z
  .object({
    title_uk: title,
    title_ru: title,
    message_uk: message,
    message_ru: message,
    audience: z.enum(['all', 'selected']),
    users: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })).max(1000, 'too_big'),
    mail: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.audience === 'selected' && v.users.length === 0) ctx.addIssue({ code: 'custom', message: 'pick_users', path: ['users'] });
  });
type BroadcastForm = z.infer<typeof broadcastForm>;
const EMPTY: BroadcastForm = { title_uk: '', title_ru: '', message_uk: '', message_ru: '', audience: 'all', users: [], mail: false };

export const broadcastInputOf = (v: BroadcastForm): BroadcastInput => ({
  title_uk: v.title_uk.trim(),
  title_ru: v.title_ru.trim(),
  message_uk: v.message_uk.trim(),
  message_ru: v.message_ru.trim(),
  ...(v.audience === 'selected' ? { user_ids: v.users.map((u) => u.id) } : {}),
  ...(v.mail ? { mail: true } : {}),
});

function UserPicker({ value, onChange, error }: { value: BroadcastForm['users']; onChange: (v: BroadcastForm['users']) => void; error?: string | undefined }) {
  const { t } = useContentT();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setSearch(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [input]);
  const users = useUserSearch(search, true);
  const options: UserOption[] = users.data ?? [];
  return (
    <Autocomplete<BroadcastForm['users'][number], true>
      multiple
      filterSelectedOptions
      options={options.filter((u) => u.role === 'reseller')}
      value={value}
      onChange={(_e, v) => onChange(v.map((u) => ({ id: u.id, name: u.name, email: u.email })))}
      inputValue={input}
      onInputChange={(_e, v, reason) => reason !== 'reset' && setInput(v)}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(u) => `${u.name} (#${u.id})`}
      loading={users.isFetching}
      noOptionsText={t('broadcast.noUsers')}
      renderOption={({ key, ...props }, u) => (
        <li key={key} {...props}>
          <Box>
            <Typography>{u.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              #{u.id} · {u.email}
            </Typography>
          </Box>
        </li>
      )}
      renderValue={(vals, getItemProps) => vals.map((u, index) => <Chip {...getItemProps({ index })} key={u.id} label={`${u.name} #${u.id}`} size="small" />)}
      renderInput={(p) => (
        <TextField
          {...p}
          label={t('broadcast.users')}
          placeholder={t('broadcast.usersPlaceholder')}
          error={!!error}
          helperText={error === 'pick_users' ? t('broadcast.pickUsers') : validationMessage(error)}
          slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': 'broadcast-users' } }}
        />
      )}
    />
  );
}

export function BroadcastForm() {
  const { t, tc } = useContentT();
  const send = useBroadcast();
  const [error, setError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState<BroadcastForm | null>(null);
  const [result, setResult] = useState<number | null>(null);
  const form = useForm<BroadcastForm>({ resolver: zodResolver(broadcastForm), defaultValues: EMPTY });
  const audience = useWatch({ control: form.control, name: 'audience' });

  const doSend = (v: BroadcastForm) => {
    setError(null);
    setResult(null);
    send.mutate(broadcastInputOf(v), {
      onSuccess: (r) => {
        setConfirming(null);
        setResult(r.recipients);
        form.reset(EMPTY);
      },
      onError: (e) => {
        setConfirming(null);
        if (!applyServerErrors(e, form.setError, ['title_uk', 'title_ru', 'message_uk', 'message_ru'])) setError(e);
      },
    });
  };
  const submit = form.handleSubmit((v) => (v.audience === 'all' ? setConfirming(v) : doSend(v)));
  const text = (name: 'title_uk' | 'title_ru' | 'message_uk' | 'message_ru', label: string, max: number) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...muiField(field)}
          label={label}
          required
          multiline={name.startsWith('message')}
          minRows={name.startsWith('message') ? 4 : undefined}
          error={!!fieldState.error}
          helperText={validationMessage(fieldState.error?.message) ?? `${String(field.value ?? '').length} / ${max}`}
          slotProps={{ htmlInput: { maxLength: max, 'data-testid': `broadcast-${name}` } }}
        />
      )}
    />
  );
  return (
    <Box component="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())} data-testid="broadcast-form">
      <EditorCard title={t('broadcast.title')} id="broadcast-title">
        {result !== null && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={() => setResult(null)} data-testid="broadcast-result">
            {t('broadcast.sent', { count: result })}
          </Alert>
        )}
        <Box sx={sideBySide}>
          <Stack spacing={2}>
            {text('title_uk', t('broadcast.titleUk'), 120)}
            {text('message_uk', t('broadcast.messageUk'), 2000)}
          </Stack>
          <Stack spacing={2}>
            {text('title_ru', t('broadcast.titleRu'), 120)}
            {text('message_ru', t('broadcast.messageRu'), 2000)}
          </Stack>
        </Box>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }} id="broadcast-audience">
          {t('broadcast.audience')}
        </Typography>
        <Controller
          control={form.control}
          name="audience"
          render={({ field }) => (
            <RadioGroup row aria-labelledby="broadcast-audience" value={field.value} onChange={(e) => field.onChange(e.target.value)}>
              <FormControlLabel
                value="all"
                control={<Radio slotProps={{ input: { 'data-testid': 'broadcast-audience-all' } as object }} />}
                label={t('broadcast.all')}
              />
              <FormControlLabel
                value="selected"
                control={<Radio slotProps={{ input: { 'data-testid': 'broadcast-audience-selected' } as object }} />}
                label={t('broadcast.selected')}
              />
            </RadioGroup>
          )}
        />
        {audience === 'selected' && (
          <Box sx={{ mt: 1 }}>
            <Controller
              control={form.control}
              name="users"
              render={({ field, fieldState }) => <UserPicker value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
            />
          </Box>
        )}
        <Controller
          control={form.control}
          name="mail"
          render={({ field }) => (
            <FormControlLabel
              sx={{ mt: 1 }}
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{ input: { 'data-testid': 'broadcast-mail' } as object }}
                />
              }
              label={t('broadcast.mail')}
            />
          )}
        />
        <ServerErrors error={error} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" startIcon={<SendIcon />} loading={send.isPending && !confirming} data-testid="broadcast-send">
            {t('broadcast.send')}
          </Button>
        </Box>
      </EditorCard>
      <ConfirmDialog
        open={confirming !== null}
        title={t('broadcast.confirmTitle')}
        text={t('broadcast.confirmText')}
        confirmLabel={t('broadcast.confirmSend')}
        cancelLabel={tc('common.cancel')}
        busy={send.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && doSend(confirming)}
        testId="broadcast-confirm"
      />
    </Box>
  );
}
