/**
 * The zoom of a product picture (issue 30): the `original` (JPEG, up to 2048 px a side) in a dialog
 * as large as the screen allows; full screen on phones; Esc, the close button or a click outside
 * close it. The picture sits in a box of a fixed height, so nothing moves when it arrives.
 * Test ids: picture-zoom-dialog, picture-zoom-image, picture-zoom-close.
 */
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import type { Picture } from '../../../lib/images.ts';
import { useProductsT } from '../lib/i18n.ts';

export function PictureZoomDialog({ picture, alt, onClose }: { picture: Picture | null; alt: string; onClose: () => void }) {
  const { t } = useProductsT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={picture !== null}
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      fullScreen={phone}
      aria-labelledby="picture-zoom-title"
      data-testid="picture-zoom-dialog"
    >
      <DialogTitle id="picture-zoom-title" sx={{ pr: 7, fontSize: '1rem', lineHeight: 1.35 }}>
        {alt}
      </DialogTitle>
      <IconButton aria-label={t('carousel.zoomClose')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }} data-testid="picture-zoom-close">
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ p: { xs: 1, sm: 2 }, bgcolor: '#fff', display: 'flex' }}>
        {picture && (
          <Box
            component="img"
            src={picture.original}
            alt={alt}
            decoding="async"
            data-testid="picture-zoom-image"
            sx={{ display: 'block', width: '100%', height: { xs: 'calc(100dvh - 120px)', sm: 'min(78vh, 1400px)' }, objectFit: 'contain', m: 'auto' }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
