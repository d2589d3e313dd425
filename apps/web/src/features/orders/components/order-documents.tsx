/**
 * The order's documents (SPEC section 4: uploads only after confirmation): the list with download
 * (an authenticated blob) and delete, and an upload with the document type. Before confirmation (and
 * for a cancelled order) the section is shown disabled with a hint. Test ids: order-documents,
 * order-document (data-document-id), order-document-download, order-document-delete, order-document-type,
 * order-document-file, order-document-upload, order-documents-hint, order-documents-empty,
 * order-document-delete-dialog(-confirm).
 */
import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import {
  MEDIA_FILE_MAX_BYTES,
  MEDIA_FILE_TYPES,
  formatDate,
  orderActions,
  translate,
  type MediaFileDto,
  type MediaFileType,
  type OrderDto,
} from '@drop/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { isApiError, requestBlob } from '../../../lib/api-client.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useDeleteMediaFile, useUploadMediaFile } from '../api/order-mutations.ts';
import { DOCUMENT_ACCEPT, documentError, formatFileSize, saveBlob } from '../lib/documents.ts';

function FileIcon({ mime }: { mime: string }) {
  if (mime === 'application/pdf') return <PictureAsPdfIcon color="error" aria-hidden />;
  if (mime.startsWith('image/')) return <ImageIcon color="primary" aria-hidden />;
  return <DescriptionIcon color="action" aria-hidden />;
}

export function OrderDocuments({ order }: { order: OrderDto }) {
  const { t } = useTranslation();
  const toast = useScopedToast();
  const canUpload = orderActions(order).upload;
  const upload = useUploadMediaFile();
  const remove = useDeleteMediaFile();
  const input = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<MediaFileType>('waybill');
  const [downloading, setDownloading] = useState<number | null>(null);
  const [removing, setRemoving] = useState<MediaFileDto | null>(null);

  const failed = (e: unknown) => {
    if (isApiError(e) && e.status === 400 && e.code) toast.warning(e.message);
    else toast.error(isApiError(e) ? (e.errors?.file?.[0] ?? e.message) : t('errors.generic'));
  };

  const onFile = (file: File) => {
    const problem = documentError(file);
    if (problem) {
      toast.warning(translate(problem, currentLocale(), { max: MEDIA_FILE_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    upload.mutate(
      { orderId: order.id, type, file },
      { onSuccess: (doc) => toast.success(t('orders.documents.uploaded', { name: doc.name })), onError: failed },
    );
  };

  const download = async (doc: MediaFileDto) => {
    setDownloading(doc.id);
    try {
      saveBlob(await requestBlob(doc.url), doc.name);
    } catch (e) {
      failed(e);
    } finally {
      setDownloading(null);
    }
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(
      { id: removing.id, orderId: order.id },
      {
        onSuccess: () => {
          setRemoving(null);
          toast.success(t('orders.documents.removed'));
        },
        onError: (e) => {
          setRemoving(null);
          failed(e);
        },
      },
    );
  };

  const hint = canUpload ? null : order.status === 'Canceled' ? t('orders.documents.canceledHint') : t('orders.documents.confirmFirst');

  return (
    <Card component="section" aria-labelledby="order-documents-title" data-testid="order-documents" data-enabled={canUpload}>
      <CardHeader title={t('orders.documents.title')} slotProps={{ title: { id: 'order-documents-title', component: 'h2', variant: 'h3' } }} sx={{ pb: 0 }} />
      <CardContent>
        {hint && (
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }} data-testid="order-documents-hint">
            <InfoOutlinedIcon fontSize="small" aria-hidden />
            {hint}
          </Typography>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1.5 }}>
          <TextField
            id="order-document-type"
            select
            size="small"
            label={t('orders.documents.type')}
            value={type}
            disabled={!canUpload}
            onChange={(e) => setType(e.target.value as MediaFileType)}
            sx={{ minWidth: 200 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'order-document-type' } as object } }}
          >
            {MEDIA_FILE_TYPES.map((v) => (
              <MenuItem key={v} value={v}>
                {t(`orders.documents.types.${v}`)}
              </MenuItem>
            ))}
          </TextField>
          <input
            ref={input}
            type="file"
            accept={DOCUMENT_ACCEPT}
            hidden
            aria-label={t('orders.documents.file')}
            data-testid="order-document-file"
            onChange={(e) => {
              const chosen = e.target.files?.[0];
              if (chosen) onFile(chosen);
              e.target.value = '';
            }}
          />
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={!canUpload}
            loading={upload.isPending}
            onClick={() => input.current?.click()}
            data-testid="order-document-upload"
          >
            {t('orders.documents.upload')}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {t('orders.documents.limits', { max: MEDIA_FILE_MAX_BYTES / 1024 / 1024 })}
          </Typography>
        </Box>
        {order.documents.length === 0 ? (
          <Typography color="text.secondary" data-testid="order-documents-empty">
            {t('orders.documents.empty')}
          </Typography>
        ) : (
          <List dense disablePadding aria-labelledby="order-documents-title">
            {order.documents.map((doc) => (
              <ListItem
                key={doc.id}
                divider
                disableGutters
                data-testid="order-document"
                data-document-id={doc.id}
                secondaryAction={
                  <Box sx={{ display: 'flex' }}>
                    <Tooltip title={t('orders.documents.download')}>
                      <span>
                        <IconButton
                          aria-label={t('orders.documents.downloadName', { name: doc.name })}
                          onClick={() => void download(doc)}
                          disabled={downloading === doc.id}
                          data-testid="order-document-download"
                        >
                          <DownloadIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={t('orders.documents.delete')}>
                      <span>
                        <IconButton
                          color="error"
                          aria-label={t('orders.documents.deleteName', { name: doc.name })}
                          onClick={() => setRemoving(doc)}
                          disabled={!canUpload}
                          data-testid="order-document-delete"
                        >
                          <DeleteOutlineIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </Box>
                }
                sx={{ pr: 12 }}
              >
                <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
                  <FileIcon mime={doc.mime} />
                  <Box sx={{ minWidth: 0 }}>
                    <Link
                      component="button"
                      type="button"
                      underline="hover"
                      onClick={() => void download(doc)}
                      sx={{ textAlign: 'left', overflowWrap: 'anywhere', fontWeight: 500 }}
                    >
                      {doc.name}
                    </Link>
                    <Typography variant="caption" color="text.secondary" component="p">
                      {[t(`orders.documents.types.${doc.type}`), formatFileSize(doc.size), formatDate(doc.created_at)].join(' · ')}
                    </Typography>
                  </Box>
                </Box>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        title={t('orders.documents.deleteTitle')}
        text={t('orders.documents.deleteText', { name: removing?.name ?? '' })}
        confirmLabel={t('orders.documents.delete')}
        cancelLabel={t('common.cancel')}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
        testId="order-document-delete-dialog"
      />
    </Card>
  );
}
