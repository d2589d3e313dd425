/**
 * /dashboard/export-settings/create and /dashboard/export-settings/{id}/edit: the feed form with
 * its data and saving. The catalogue tree, the user's verification and stores come from the
 * route (app/ composes features). Test ids: export-form-page, export-loading, export-not-found.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useNavigate, Link as RouterLink } from 'react-router';
import type { CategoryDto, ExportSettingInput } from '@drop/shared';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useCreateExportSetting, useExportSetting, useProviders, useUpdateExportSetting } from '../api/exports.ts';
import { useExportsT } from '../i18n.ts';
import { emptyExportForm, exportFormOf, type ExportFormValues, type MarketChoice } from '../lib/export-form.ts';
import { ExportForm } from './export-form.tsx';
import { EXPORTS_HREF } from './export-list.tsx';

export interface ExportFormPageProps {
  /** null: create. */
  id: number | null;
  categories: readonly CategoryDto[] | undefined;
  categoriesLoading?: boolean;
  market: MarketChoice;
  marketsLoading?: boolean;
}

function FormSkeleton() {
  return (
    <Stack spacing={2} data-testid="export-loading" sx={{ maxWidth: 1000 }}>
      <Skeleton variant="rounded" height={260} />
      <Skeleton variant="rounded" height={180} />
      <Skeleton variant="rounded" height={320} />
    </Stack>
  );
}

export function ExportFormPage({ id, categories, categoriesLoading = false, market, marketsLoading = false }: ExportFormPageProps) {
  const { t, tc } = useExportsT();
  const toast = useScopedToast();
  const navigate = useNavigate();
  const creating = id === null;
  const validId = id !== null && Number.isSafeInteger(id) && id > 0;
  const setting = useExportSetting(validId ? id : 0);
  const providers = useProviders();
  const create = useCreateExportSetting();
  const update = useUpdateExportSetting(validId ? id : 0);

  const title = creating ? tc('pages.exportCreate') : tc('pages.exportEdit');
  const back = (
    <Button component={RouterLink} to={EXPORTS_HREF} startIcon={<ArrowBackIcon />} data-testid="export-back">
      {t('backToList')}
    </Button>
  );

  if (!creating && (!validId || setting.isError)) {
    const notFound = !validId || (isApiError(setting.error) && setting.error.status === 404);
    return (
      <Box data-testid="export-form-page">
        <PageHeader title={title} actions={back} />
        <Alert severity={notFound ? 'warning' : 'error'} data-testid="export-not-found">
          {notFound ? t('notFound') : isApiError(setting.error) ? setting.error.message : tc('errors.loadFailed')}
        </Alert>
      </Box>
    );
  }

  const initial: ExportFormValues | null = creating ? emptyExportForm() : setting.data ? exportFormOf(setting.data) : null;

  /** What the form cannot show under a field (422 field errors it shows itself). */
  const onError = (e: unknown) => {
    if (isApiError(e) && (e.code === 'FeedsLimit' || e.status === 400)) toast.warning(e.message);
    else toast.error(isApiError(e) ? e.message : tc('errors.generic'));
  };

  const submit = async (payload: ExportSettingInput) => {
    await (creating ? create.mutateAsync(payload) : update.mutateAsync(payload));
    toast.success(creating ? t('toast.created') : t('toast.updated'));
    void navigate(EXPORTS_HREF);
  };

  return (
    <Box data-testid="export-form-page">
      <PageHeader title={!creating && setting.data ? `${title}: ${setting.data.name}` : title} actions={back} />
      {!initial ? (
        <FormSkeleton />
      ) : (
        <ExportForm
          key={creating ? 'create' : `edit-${setting.data?.id ?? ''}`}
          initial={initial}
          providers={providers.data}
          providersLoading={providers.isPending}
          categories={categories}
          categoriesLoading={categoriesLoading}
          market={market}
          marketsLoading={marketsLoading}
          creating={creating}
          onSubmit={submit}
          onError={onError}
          onCancel={() => void navigate(EXPORTS_HREF)}
        />
      )}
    </Box>
  );
}
