/**
 * /dashboard/export-settings (SPEC section 2): the reseller's product feeds, a table from lg and
 * cards below, polled every 2 s while one is queued or building; create (off at MAX_FEEDS),
 * edit, history, rebuild now and delete. Test ids: exports-page (data-state="loading|error|empty|ready"),
 * export-create, exports-limit, exports-empty, exports-empty-create, exports-error,
 * export-delete-dialog(-confirm|-cancel); see export-list.tsx.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { Link as RouterLink } from 'react-router';
import { MAX_FEEDS, type ExportSettingDto } from '@drop/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useDeleteExportSetting, useExportSettings, useGenerateExportSetting, useProviders } from '../api/exports.ts';
import { useExportsT } from '../i18n.ts';
import { EXPORTS_HREF, ExportCards, ExportsSkeleton, ExportsTable } from './export-list.tsx';

export const EXPORT_CREATE_HREF = `${EXPORTS_HREF}/create`;

export function ExportListPage() {
  const { t, tc } = useExportsT();
  const toast = useScopedToast();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const list = useExportSettings();
  const providers = useProviders();
  const generate = useGenerateExportSetting();
  const remove = useDeleteExportSetting();
  const [toDelete, setToDelete] = useState<ExportSettingDto | null>(null);
  const feeds = list.data ?? [];
  const full = feeds.length >= MAX_FEEDS;
  const state = list.data ? (feeds.length === 0 ? 'empty' : 'ready') : list.isError ? 'error' : 'loading';

  const errorMessage = (e: unknown) => (isApiError(e) ? e.message : tc('errors.generic'));
  const formatName = (f: ExportSettingDto) => providers.data?.find((p) => p.id === f.file_type)?.name ?? f.file_type.toUpperCase();

  const onGenerate = (f: ExportSettingDto) =>
    generate.mutate(f.id, {
      onSuccess: () => toast.success(t('toast.generating')),
      onError: (e) => toast.error(errorMessage(e)),
    });

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(t('toast.deleted'));
        setToDelete(null);
      },
      onError: (e) => {
        toast.error(errorMessage(e));
        setToDelete(null);
      },
    });
  };

  const createButton = (
    <Button
      component={RouterLink}
      to={EXPORT_CREATE_HREF}
      variant="contained"
      startIcon={<AddIcon />}
      disabled={full || !list.isSuccess}
      data-testid="export-create"
    >
      {t('list.create')}
    </Button>
  );

  let body;
  if (state === 'loading') body = <ExportsSkeleton desktop={desktop} />;
  else if (state === 'error')
    body = (
      <EmptyState
        title={tc('errors.loadFailed')}
        text={errorMessage(list.error)}
        icon={<ErrorOutlineIcon />}
        testId="exports-error"
        action={
          <Button variant="contained" onClick={() => void list.refetch()}>
            {tc('common.retry')}
          </Button>
        }
      />
    );
  else if (state === 'empty')
    body = (
      <EmptyState
        title={t('list.emptyTitle')}
        text={t('list.emptyText')}
        icon={<FileDownloadIcon />}
        testId="exports-empty"
        action={
          <Button component={RouterLink} to={EXPORT_CREATE_HREF} variant="contained" startIcon={<AddIcon />} data-testid="exports-empty-create">
            {t('list.create')}
          </Button>
        }
      />
    );
  else {
    const props = { feeds, formatName, onGenerate, onDelete: setToDelete, generatingId: generate.isPending ? generate.variables : null };
    body = desktop ? <ExportsTable {...props} /> : <ExportCards {...props} />;
  }

  return (
    <Box data-testid="exports-page" data-state={state}>
      <PageHeader
        title={tc('pages.exportSettings')}
        actions={
          state === 'empty' ? undefined : full ? (
            <Tooltip title={t('list.limit', { max: MAX_FEEDS })}>
              <span>{createButton}</span>
            </Tooltip>
          ) : (
            createButton
          )
        }
      />
      {full && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, mt: -1 }} data-testid="exports-limit">
          {t('list.limit', { max: MAX_FEEDS })}
        </Typography>
      )}
      {body}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('delete.title')}
        text={t('delete.text', { name: toDelete?.name ?? '' })}
        confirmLabel={t('delete.confirm')}
        cancelLabel={tc('common.cancel')}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
        testId="export-delete-dialog"
      />
    </Box>
  );
}
