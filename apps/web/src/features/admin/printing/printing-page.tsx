/**
 * /admin/printing: what the warehouse prints without opening orders one by one. The day's shipment
 * register (a Kyiv date, today by default), the chosen orders' markings, packing lists or invoices by
 * their numbers (one PDF), and the supplier's requisites the invoices carry (printing.requisites:
 * admins and accountants edit them; the others see them read-only). Each PDF is fetched with the
 * bearer token and opened in a new tab; a refusal (no waybill yet, not a Card order, requisites
 * missing) is shown on its card. One column below lg (1280 px), two from it.
 * Test ids: printing-page, print-register-date, print-register-submit, print-register-error,
 * print-numbers, print-kind (the select's button), print-kind-option-<kind>, print-numbers-submit,
 * print-numbers-error, print-invoice-warning, requisites-card, requisites-<field>, requisites-save,
 * requisites-readonly, requisites-empty.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Link from '@mui/material/Link';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  BULK_MAX,
  isMessageKey,
  kyivParts,
  ORDER_PRINT_KINDS,
  supplierRequisitesInput,
  translate,
  type OrderPrintKind,
  type SupplierRequisitesDto,
  type SupplierRequisitesInput,
} from '@drop/shared';
import { DateField } from '../../../components/ui/date-field.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, muiField } from '../../../lib/form.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { LoadError, useErrorText } from '../components/query-state.tsx';
import { useStaffAccess } from '../components/use-staff-access.ts';
import { parseOrderNumbers, printUrls, resolveOrderNumbers, useRequisites, useSaveRequisites } from './api.ts';
import { usePrintingT } from './i18n.ts';
import { openPdf, pdfName, pdfWindow, type PdfOpened } from './open-pdf.ts';

/** Today's date in Kyiv, YYYY-MM-DD. */
export function kyivToday(now = new Date()): string {
  const p = kyivParts(now);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The refusal's text: the API's message (its language), or the generic one. */
function useFailureText() {
  const { t } = usePrintingT();
  return (e: unknown) => (isApiError(e) && e.message ? e.message : t('failed'));
}

/** The popup was blocked: the PDF as a link to open by hand. */
function BlockedLink({ pdf }: { pdf: PdfOpened | null }) {
  const { t } = usePrintingT();
  if (!pdf) return null;
  return (
    <Alert severity="info" sx={{ mt: 2 }} data-testid="print-blocked">
      {t('blocked')}{' '}
      <Link href={pdf.url} target="_blank" rel="noopener" data-testid="print-blocked-link">
        {t('openPdf')}
      </Link>
    </Alert>
  );
}

function RegisterCard() {
  const { t } = usePrintingT();
  const failureText = useFailureText();
  const [date, setDate] = useState(kyivToday);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dateError, setDateError] = useState(false);
  const [blocked, setBlocked] = useState<PdfOpened | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setDateError(true);
    setError(null);
    setBlocked(null);
    setBusy(true);
    openPdf(printUrls.register(date), pdfName('register', date), t('opening'))
      .then((r) => setBlocked(r.opened ? null : r))
      .catch((err: unknown) => setError(failureText(err)))
      .finally(() => setBusy(false));
  };
  return (
    <SectionCard id="print-register-title" title={t('register.title')} hint={t('register.hint')} testId="print-register-card">
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <Box sx={{ width: { xs: '100%', sm: 220 } }}>
          <DateField
            id="print-register-date"
            label={t('register.date')}
            value={date}
            max="2100-12-31"
            size="medium"
            onChange={(day) => {
              setDate(day ?? '');
              setDateError(false);
            }}
            testId="print-register-date"
            sx={{ width: '100%' }}
          />
          {dateError && (
            <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5, mx: 1.75 }} role="alert">
              {t('register.dateInvalid')}
            </Typography>
          )}
        </Box>
        <Button
          type="submit"
          variant="contained"
          startIcon={<PictureAsPdfOutlined />}
          loading={busy}
          loadingPosition="start"
          sx={{ mt: 1 }}
          data-testid="print-register-submit"
        >
          {t('register.submit')}
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="print-register-error">
          {error}
        </Alert>
      )}
      <BlockedLink pdf={blocked} />
    </SectionCard>
  );
}

function ByNumbersCard({ requisitesMissing }: { requisitesMissing: boolean }) {
  const { t } = usePrintingT();
  const failureText = useFailureText();
  const [raw, setRaw] = useState('');
  const [kind, setKind] = useState<OrderPrintKind>('packing');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<PdfOpened | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const { numbers, invalid } = parseOrderNumbers(raw);
    if (invalid.length) return setFieldError(t('byNumbers.invalid', { list: invalid.slice(0, 10).join(', ') }));
    if (!numbers.length) return setFieldError(t('byNumbers.required'));
    if (numbers.length > BULK_MAX) return setFieldError(t('byNumbers.tooMany', { max: BULK_MAX }));
    setFieldError(null);
    setError(null);
    setBlocked(null);
    setBusy(true);
    // The tab opens at the click (a popup blocker allows only that), before the numbers are looked up.
    const tab = pdfWindow(t('opening'));
    resolveOrderNumbers(numbers)
      .then(({ ids, missing }) => {
        if (missing.length) {
          tab.close();
          setFieldError(t('byNumbers.notFound', { list: missing.slice(0, 20).join(', ') }));
          return;
        }
        return tab.load(printUrls.orders(kind, ids), pdfName(kind, ids.length === 1 ? numbers[0]! : ids.length)).then((r) => setBlocked(r.opened ? null : r));
      })
      .catch((err: unknown) => {
        tab.close();
        throw err;
      })
      .catch((err: unknown) => setError(failureText(err)))
      .finally(() => setBusy(false));
  };

  return (
    <SectionCard id="print-numbers-title" title={t('byNumbers.title')} hint={t('byNumbers.hint')} testId="print-numbers-card">
      <Stack component="form" noValidate onSubmit={submit} spacing={2}>
        <TextField
          required
          fullWidth
          multiline
          minRows={2}
          maxRows={8}
          label={t('byNumbers.numbers')}
          placeholder={t('byNumbers.placeholder')}
          value={raw}
          onChange={(e) => {
            setRaw(e.target.value);
            if (fieldError) setFieldError(null);
          }}
          error={Boolean(fieldError)}
          helperText={fieldError ?? t('byNumbers.numbersHelp', { max: BULK_MAX })}
          slotProps={{
            htmlInput: { 'data-testid': 'print-numbers', inputMode: 'numeric', autoComplete: 'off' },
            formHelperText: { 'data-testid': 'print-numbers-help' } as object,
          }}
        />
        <TextField
          select
          fullWidth
          label={t('byNumbers.kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as OrderPrintKind)}
          helperText={t(`byNumbers.kindHints.${kind}`)}
          slotProps={{
            select: { renderValue: (v) => t(`byNumbers.kinds.${v as OrderPrintKind}`), SelectDisplayProps: { 'data-testid': 'print-kind' } as object },
          }}
        >
          {ORDER_PRINT_KINDS.map((k) => (
            <MenuItem key={k} value={k} data-testid={`print-kind-option-${k}`} sx={{ whiteSpace: 'normal' }}>
              <ListItemText primary={t(`byNumbers.kinds.${k}`)} secondary={t(`byNumbers.kindHints.${k}`)} />
            </MenuItem>
          ))}
        </TextField>
        {kind === 'invoice' && requisitesMissing && (
          <Alert severity="warning" data-testid="print-invoice-warning">
            {t('byNumbers.invoiceNeedsRequisites')}
          </Alert>
        )}
        {error && (
          <Alert severity="error" data-testid="print-numbers-error">
            {error}
          </Alert>
        )}
        <BlockedLink pdf={blocked} />
        <Box>
          <Button type="submit" variant="contained" startIcon={<PrintOutlined />} loading={busy} loadingPosition="start" data-testid="print-numbers-submit">
            {t('byNumbers.submit')}
          </Button>
        </Box>
      </Stack>
    </SectionCard>
  );
}

type FormIn = SupplierRequisitesInput;
const FIELDS = ['name', 'code', 'iban', 'bank', 'address', 'phone', 'tax_note'] as const;
type Field = (typeof FIELDS)[number];
const LIMITS: Record<Field, { min: number; max: number }> = {
  name: { min: 2, max: 200 },
  code: { min: 8, max: 10 },
  iban: { min: 29, max: 29 },
  bank: { min: 2, max: 200 },
  address: { min: 5, max: 300 },
  phone: { min: 0, max: 30 },
  tax_note: { min: 0, max: 300 },
};
/** The form's order: the code and the phone share a row from sm, the rest take the whole width (an IBAN is 29 characters). */
const SHOWN: Field[] = ['name', 'code', 'phone', 'iban', 'bank', 'address', 'tax_note'];
const LABELS: Record<Field, string> = { name: 'name', code: 'code', iban: 'iban', bank: 'bank', address: 'address', phone: 'phone', tax_note: 'taxNote' };
const HELP: Partial<Record<Field, string>> = { code: 'codeHelp', iban: 'ibanHelp', tax_note: 'taxNoteHelp' };

const emptyRequisites: FormIn = { name: '', code: '', iban: '', bank: '', address: '', phone: '', tax_note: '' };

function RequisitesForm({ saved, readOnly }: { saved: SupplierRequisitesDto | null; readOnly: boolean }) {
  const { t } = usePrintingT();
  const toast = useScopedToast();
  const errorText = useErrorText();
  const save = useSaveRequisites();
  const form = useForm<FormIn, unknown, SupplierRequisitesInput>({
    resolver: zodResolver(supplierRequisitesInput),
    defaultValues: saved ?? emptyRequisites,
  });
  const { errors } = form.formState;

  /** A client check's message key in words (the code and IBAN get their own), or the server's text as is. */
  const fieldText = (field: Field): string | undefined => {
    const message = errors[field]?.message;
    if (!message) return undefined;
    if (message === 'invalid_value' && field === 'code') return t('requisites.invalidCode');
    if (message === 'invalid_value' && field === 'iban') return t('requisites.invalidIban');
    return isMessageKey(message) ? translate(message, currentLocale(), LIMITS[field]) : message;
  };

  const onSubmit = form.handleSubmit((v) =>
    save.mutate(v, {
      onSuccess: (r) => {
        form.reset(r);
        toast.success(t('requisites.saved'));
      },
      onError: (e) => {
        if (!applyServerErrors(e, form.setError, FIELDS)) toast.error(errorText(e));
      },
    }),
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(e) => void onSubmit(e)} aria-labelledby="requisites-title">
      {readOnly && (
        <Alert severity="info" data-testid="requisites-readonly">
          {t('requisites.readOnly')}
        </Alert>
      )}
      {!saved && (
        <Alert severity="warning" data-testid="requisites-empty">
          {t('requisites.empty')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        {SHOWN.map((f) => (
          <Controller
            key={f}
            control={form.control}
            name={f}
            render={({ field }) => (
              <TextField
                {...muiField(field)}
                fullWidth
                required={f !== 'phone' && f !== 'tax_note'}
                label={t(`requisites.${LABELS[f]}`)}
                error={Boolean(errors[f])}
                helperText={fieldText(f) ?? (HELP[f] ? t(`requisites.${HELP[f]}`) : undefined)}
                autoComplete="off"
                sx={f === 'code' || f === 'phone' ? undefined : { gridColumn: { sm: '1 / -1' } }}
                slotProps={{
                  input: { readOnly },
                  htmlInput: {
                    maxLength: f === 'iban' ? 40 : LIMITS[f].max,
                    'data-testid': `requisites-${f}`,
                    ...(f === 'code' ? { inputMode: 'numeric' } : {}),
                  },
                  formHelperText: { 'data-testid': `requisites-${f}-help` } as object,
                }}
              />
            )}
          />
        ))}
      </Box>
      {!readOnly && (
        <Box>
          <Button type="submit" variant="contained" loading={save.isPending} data-testid="requisites-save">
            {t('requisites.save')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function RequisitesCard() {
  const { t, tc } = usePrintingT();
  const requisites = useRequisites();
  const readOnly = !useStaffAccess().may('printing.requisites');
  return (
    <SectionCard id="requisites-title" title={t('requisites.title')} hint={t('requisites.hint')} testId="requisites-card">
      {requisites.isPending ? (
        <Skeleton variant="rounded" height={260} aria-label={tc('common.loading')} data-testid="requisites-skeleton" />
      ) : requisites.isError ? (
        <LoadError error={requisites.error} onRetry={() => void requisites.refetch()} />
      ) : (
        <RequisitesForm saved={requisites.data} readOnly={readOnly} />
      )}
    </SectionCard>
  );
}

export function PrintingPage() {
  const { t } = usePrintingT();
  const requisites = useRequisites();
  return (
    <Box data-testid="printing-page">
      <PageHeader title={t('title')} icon={<PrintOutlined color="primary" />} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <RegisterCard />
          <ByNumbersCard requisitesMissing={requisites.isSuccess && requisites.data === null} />
        </Stack>
        <Box sx={{ minWidth: 0 }}>
          <RequisitesCard />
        </Box>
      </Box>
    </Box>
  );
}
