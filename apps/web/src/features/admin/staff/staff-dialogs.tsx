/**
 * The Staff section's dialogs: add a person (name, e-mail, role; the API mails the invitation),
 * edit one (the same fields), and the block / unblock confirmation (staff are never deleted).
 * Client checks are @drop/shared's staffCreateInput; the server's 422 field errors (email_taken,
 * last_admin ...) land on their fields, anything else is a toast.
 * Test ids: staff-form-dialog, staff-form-name, staff-form-email, staff-form-role (the select's
 * button), staff-role-option-<role>, staff-form-submit, staff-block-dialog(-confirm|-cancel).
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  INVITE_TTL_HOURS,
  isMessageKey,
  LOCALES,
  STAFF_ROLES,
  staffCreateInput,
  translate,
  type StaffCreateInput,
  type StaffDto,
  type StaffRole,
  type StaffUpdateInput,
} from '@drop/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, muiField } from '../../../lib/form.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useErrorText } from '../components/query-state.tsx';
import { useCreateStaff, useUpdateStaff } from './api.ts';
import { useStaffT } from './i18n.ts';

type FormIn = z.input<typeof staffCreateInput>;
const FIELDS = ['name', 'email', 'role', 'lang'] as const;
const LIMITS: Record<(typeof FIELDS)[number], { min: number; max: number }> = {
  name: { min: 2, max: 191 },
  email: { min: 1, max: 255 },
  role: { min: 1, max: 1 },
  lang: { min: 1, max: 1 },
};

/** A field's message: a shared message key (client check) in the current language, or the server's text as is. */
function fieldText(message: string | undefined, field: (typeof FIELDS)[number]): string | undefined {
  if (!message) return undefined;
  return isMessageKey(message) ? translate(message, currentLocale(), LIMITS[field]) : message;
}

/** The role select: each option says in one line what the role may do; the chosen one's line stays as the hint. */
function RoleSelect({ value, onChange, error }: { value: StaffRole; onChange: (r: StaffRole) => void; error?: string }) {
  const { t } = useStaffT();
  return (
    <TextField
      select
      required
      fullWidth
      label={t('form.role')}
      value={value}
      onChange={(e) => onChange(e.target.value as StaffRole)}
      error={Boolean(error)}
      helperText={error ?? t(`roleHints.${value}`)}
      slotProps={{
        select: {
          renderValue: (v) => t(`roles.${v as StaffRole}`),
          SelectDisplayProps: { 'data-testid': 'staff-form-role' } as object,
          MenuProps: { slotProps: { paper: { sx: { maxWidth: 420 } } } },
        },
        formHelperText: { 'data-testid': 'staff-form-role-hint' } as object,
      }}
    >
      {STAFF_ROLES.map((r) => (
        <MenuItem key={r} value={r} data-testid={`staff-role-option-${r}`} sx={{ whiteSpace: 'normal' }}>
          <ListItemText primary={t(`roles.${r}`)} secondary={t(`roleHints.${r}`)} />
        </MenuItem>
      ))}
    </TextField>
  );
}

function StaffForm({ person, onClose }: { person: StaffDto | null; onClose: () => void }) {
  const { t } = useStaffT();
  const toast = useScopedToast();
  const errorText = useErrorText();
  const create = useCreateStaff();
  const update = useUpdateStaff();
  const busy = create.isPending || update.isPending;
  const form = useForm<FormIn, unknown, StaffCreateInput>({
    resolver: zodResolver(staffCreateInput),
    defaultValues: { name: person?.name ?? '', email: person?.email ?? '', role: person?.role ?? 'manager', lang: person?.lang ?? currentLocale() },
  });
  const { errors } = form.formState;

  const onError = (e: unknown) => {
    if (!applyServerErrors(e, form.setError, FIELDS)) toast.error(errorText(e));
  };

  const onSubmit = form.handleSubmit((v) => {
    if (!person) {
      create.mutate(v, {
        onSuccess: (created) => {
          toast.success(t('toast.created', { email: created.email }));
          onClose();
        },
        onError,
      });
      return;
    }
    const changes: StaffUpdateInput = {};
    // The language is the invitation's (create only); staffUpdateInput has no lang.
    if (v.name !== person.name) changes.name = v.name;
    if (v.email !== person.email.toLowerCase()) changes.email = v.email;
    if (v.role !== person.role) changes.role = v.role;
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: person.id, input: changes },
      {
        onSuccess: () => {
          toast.success(t('toast.saved'));
          onClose();
        },
        onError,
      },
    );
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <DialogTitle id="staff-form-title">{person ? t('form.editTitle', { name: person.name }) : t('form.createTitle')}</DialogTitle>
      <DialogContent>
        {!person && <DialogContentText sx={{ mb: 2 }}>{t('form.createText', { hours: INVITE_TTL_HOURS })}</DialogContentText>}
        <Stack spacing={2} sx={person ? { pt: 1 } : undefined}>
          <Controller
            control={form.control}
            name="name"
            render={({ field }) => (
              <TextField
                {...muiField(field)}
                autoFocus
                required
                fullWidth
                label={t('form.name')}
                autoComplete="off"
                error={Boolean(errors.name)}
                helperText={fieldText(errors.name?.message, 'name')}
                slotProps={{ htmlInput: { maxLength: 191, 'data-testid': 'staff-form-name' } }}
              />
            )}
          />
          <Controller
            control={form.control}
            name="email"
            render={({ field }) => (
              <TextField
                {...muiField(field)}
                required
                fullWidth
                type="email"
                label={t('form.email')}
                autoComplete="off"
                error={Boolean(errors.email)}
                helperText={fieldText(errors.email?.message, 'email')}
                slotProps={{
                  htmlInput: { maxLength: 255, 'data-testid': 'staff-form-email' },
                  formHelperText: { 'data-testid': 'staff-form-email-error' } as object,
                }}
              />
            )}
          />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => <RoleSelect value={field.value as StaffRole} onChange={field.onChange} error={fieldText(errors.role?.message, 'role')} />}
          />
          {!person && (
            <Controller
              control={form.control}
              name="lang"
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  label={t('form.lang')}
                  value={field.value ?? currentLocale()}
                  onChange={(e) => field.onChange(e.target.value)}
                  error={Boolean(errors.lang)}
                  helperText={fieldText(errors.lang?.message, 'lang')}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'staff-form-lang' } as object } }}
                >
                  {LOCALES.map((l) => (
                    <MenuItem key={l} value={l}>
                      {t(`form.langs.${l}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={busy} data-testid="staff-form-submit">
          {person ? t('form.save') : t('form.create')}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Add (`person` null) or edit a person; full screen on phones. */
export function StaffFormDialog({ open, person, onClose }: { open: boolean; person: StaffDto | null; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open={open} onClose={onClose} fullWidth fullScreen={phone} maxWidth="sm" aria-labelledby="staff-form-title" data-testid="staff-form-dialog">
      {open && <StaffForm person={person} onClose={onClose} />}
    </Dialog>
  );
}

/** Block or unblock after a confirmation; a refusal (the last admin, oneself) is a toast with the server's reason. */
export function BlockDialog({ person, onClose }: { person: StaffDto | null; onClose: () => void }) {
  const { t } = useStaffT();
  const toast = useScopedToast();
  const errorText = useErrorText();
  const update = useUpdateStaff();
  // The texts stay while the dialog fades out after `person` went back to null.
  const [last, setLast] = useState(person);
  if (person && person !== last) setLast(person);
  const shown = person ?? last;
  const blocking = !shown?.blocked;
  const vars = shown ? { name: shown.name, email: shown.email, role: t(`roles.${shown.role}`) } : {};
  const confirm = () => {
    if (!person) return;
    update.mutate(
      { id: person.id, input: { blocked: blocking } },
      {
        onSuccess: () => {
          toast.success(t(blocking ? 'toast.blocked' : 'toast.unblocked', { name: person.name }));
          onClose();
        },
        onError: (e) => {
          const field = isApiError(e) ? Object.values(e.errors ?? {})[0]?.[0] : undefined;
          toast.error(field ?? errorText(e));
        },
      },
    );
  };
  return (
    <ConfirmDialog
      open={person !== null}
      title={blocking ? t('block.title') : t('block.unblockTitle')}
      text={blocking ? t('block.text', vars) : t('block.unblockText', vars)}
      confirmLabel={blocking ? t('block.confirm') : t('block.unblockConfirm')}
      cancelLabel={t('form.cancel')}
      busy={update.isPending}
      onCancel={onClose}
      onConfirm={confirm}
      testId="staff-block-dialog"
    />
  );
}
