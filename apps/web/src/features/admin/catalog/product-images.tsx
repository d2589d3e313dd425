/**
 * A product's pictures: thumbnails, a preview of the original, upload (JPEG, PNG or WebP, at most
 * 10 MB, checked here and by content on the server) and delete after a confirmation. Changes are
 * saved at once (not with the form).
 * The grid shows each picture's thumb (200 px square), the preview its original.
 * Test ids: product-images, product-image (data-image-id), product-image-thumb, image-preview-{id},
 * image-delete-{id}, image-upload, image-upload-input, image-delete-dialog, image-preview-dialog,
 * image-preview-original.
 */
import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { PICTURE_SIZES, type AdminProductDto } from '@drop/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { PRODUCT_IMAGE_MAX_MB, PRODUCT_IMAGE_TYPES, useDeleteImage, useUploadImage } from './api.ts';
import { useCatalogT } from './i18n.ts';

type Image = AdminProductDto['images'][number];

export function ProductImages({ product }: { product: AdminProductDto }) {
  const { t, tc } = useCatalogT();
  const toast = useScopedToast();
  const upload = useUploadImage(product.id);
  const remove = useDeleteImage(product.id);
  const input = useRef<HTMLInputElement>(null);
  const [toDelete, setToDelete] = useState<Image | null>(null);
  const [preview, setPreview] = useState<Image | null>(null);
  const titleId = useId();
  const fail = (e: unknown) => toast.error(isApiError(e) ? e.message : tc('errors.generic'));

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!PRODUCT_IMAGE_TYPES.includes(file.type)) return toast.error(t('images.wrongType'));
    if (file.size > PRODUCT_IMAGE_MAX_MB * 1024 * 1024) return toast.error(t('images.tooLarge', { max: PRODUCT_IMAGE_MAX_MB }));
    upload.mutate(file, { onSuccess: () => toast.success(t('images.uploaded')), onError: fail });
  };
  const images = [...product.images].sort((a, b) => a.sort - b.sort || a.id - b.id);

  return (
    <Card component="section" aria-labelledby="product-images-title" data-testid="product-images">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Typography id="product-images-title" variant="h3" component="h2" sx={{ flexGrow: 1 }}>
            {t('images.title')}
          </Typography>
          <Button variant="outlined" startIcon={<UploadIcon />} loading={upload.isPending} onClick={() => input.current?.click()} data-testid="image-upload">
            {t('images.upload')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={PRODUCT_IMAGE_TYPES.join(',')}
            aria-label={t('images.upload')}
            onChange={(e) => onFile(e.target.files?.[0])}
            data-testid="image-upload-input"
          />
        </Box>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
          {t('images.hint', { max: PRODUCT_IMAGE_MAX_MB })}
        </Typography>
        {images.length === 0 ? (
          <Typography color="text.secondary">{t('images.empty')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))' }}>
            {images.map((img, i) => (
              <Box component="li" key={img.id} sx={{ position: 'relative' }} data-testid="product-image" data-image-id={img.id}>
                <ButtonBase
                  onClick={() => setPreview(img)}
                  aria-label={t('images.preview', { n: i + 1 })}
                  sx={{ width: '100%', aspectRatio: '1', borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', bgcolor: 'grey.50' }}
                  data-testid={`image-preview-${img.id}`}
                >
                  <Box
                    component="img"
                    src={img.thumb}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={PICTURE_SIZES.thumb}
                    height={PICTURE_SIZES.thumb}
                    data-testid="product-image-thumb"
                    sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
                  />
                </ButtonBase>
                <IconButton
                  size="small"
                  onClick={() => setToDelete(img)}
                  aria-label={t('images.delete', { n: i + 1 })}
                  sx={{
                    position: 'absolute',
                    top: 4,
                    right: 4,
                    bgcolor: 'background.paper',
                    boxShadow: 1,
                    '&:hover': { bgcolor: 'background.paper', color: 'error.main' },
                  }}
                  data-testid={`image-delete-${img.id}`}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('images.deleteTitle')}
        text={t('images.deleteText')}
        confirmLabel={t('images.deleteConfirm')}
        cancelLabel={tc('common.cancel')}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              toast.success(t('images.deleted'));
              setToDelete(null);
            },
            onError: fail,
          })
        }
        testId="image-delete-dialog"
      />
      <Dialog open={preview !== null} onClose={() => setPreview(null)} maxWidth="md" fullWidth aria-labelledby={titleId} data-testid="image-preview-dialog">
        <DialogTitle id={titleId} sx={{ pr: 7 }}>
          {product.name_uk}
        </DialogTitle>
        <IconButton onClick={() => setPreview(null)} aria-label={tc('common.close')} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
        <DialogContent dividers sx={{ display: 'flex', justifyContent: 'center' }}>
          {/* The original (JPEG up to 2048 px) in a box of a fixed height: nothing moves when it arrives. */}
          {preview && (
            <Box
              component="img"
              src={preview.original}
              alt={product.name_uk}
              decoding="async"
              data-testid="image-preview-original"
              sx={{ display: 'block', width: '100%', height: '70vh', objectFit: 'contain' }}
            />
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
