import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useTranslation } from 'react-i18next';
import { RECEIPT_ACCEPT, formatFileSize, receiptType } from '../lib/receipt.ts';

const canPreview = () => typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';

/** The chosen receipt: an image preview, or the PDF's name and size. */
function ReceiptPreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const { t } = useTranslation();
  const isImage = (receiptType(file)?.startsWith('image/') ?? false) && canPreview();
  const img = useRef<HTMLImageElement>(null);
  // The object URL lives as long as this file is shown (set on the element: no extra render, StrictMode-safe).
  useEffect(() => {
    if (!isImage || !img.current) return;
    const url = URL.createObjectURL(file);
    img.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file, isImage]);

  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}
      data-testid="topup-file-preview"
    >
      {isImage ? (
        <Box
          component="img"
          ref={img}
          alt={t('finance.topUpDialog.preview', { name: file.name })}
          sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover' }}
        />
      ) : (
        <PictureAsPdfIcon color="error" sx={{ fontSize: 48 }} aria-hidden />
      )}
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography noWrap title={file.name} data-testid="topup-file-name">
          {file.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatFileSize(file.size)}
        </Typography>
      </Box>
      <IconButton onClick={onRemove} aria-label={t('finance.topUpDialog.remove')} data-testid="topup-file-remove">
        <CloseIcon />
      </IconButton>
    </Stack>
  );
}

/** Drop a receipt or click (Enter/Space) to choose one; images and PDF. */
export function ReceiptDropZone({
  file,
  error,
  onFile,
  disabled,
}: {
  file: File | null;
  error?: string | undefined;
  onFile: (file: File | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const errorId = useId();

  const choose = () => {
    if (!disabled) input.current?.click();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose();
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const dropped = e.dataTransfer.files[0];
    if (dropped && !disabled) onFile(dropped);
  };

  return (
    <Box>
      <input
        ref={input}
        type="file"
        accept={RECEIPT_ACCEPT}
        hidden
        aria-label={t('finance.topUpDialog.file')}
        data-testid="topup-file"
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          if (chosen) onFile(chosen);
          e.target.value = '';
        }}
      />
      {file ? (
        <ReceiptPreview key={`${file.name}-${file.size}-${file.lastModified}`} file={file} onRemove={() => onFile(null)} />
      ) : (
        <Box
          role="button"
          tabIndex={disabled ? -1 : 0}
          // Named by its visible text (the call to drop or choose, then the accepted files), so the name
          // contains what is shown (WCAG 2.5.3); the error, when any, describes it.
          aria-describedby={error ? errorId : undefined}
          aria-invalid={Boolean(error)}
          onClick={choose}
          onKeyDown={onKeyDown}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          data-testid="topup-dropzone"
          data-over={over}
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: error ? 'error.main' : over ? 'primary.main' : 'divider',
            bgcolor: over ? 'action.hover' : 'transparent',
            borderRadius: 2,
            p: 3,
            textAlign: 'center',
            cursor: disabled ? 'default' : 'pointer',
            outline: 'none',
            '&:focus-visible': { borderColor: 'primary.main', bgcolor: 'action.hover' },
          }}
        >
          <CloudUploadIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
          <Typography>{over ? t('finance.topUpDialog.dropActive') : t('finance.topUpDialog.drop')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('finance.topUpDialog.hint')}
          </Typography>
        </Box>
      )}
      {error && (
        <FormHelperText error id={errorId} data-testid="topup-file-error">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
