import { useState } from 'react';
import Box from '@mui/material/Box';
import { PLACEHOLDER_IMAGE } from '@drop/shared';
import { pictureFromPath, smallSource } from '../../../lib/images.ts';

/**
 * A cart line's picture (a storage path: of the picture store, its thumb with the medium as the
 * 600w, else that file), `size` CSS px square; the placeholder when none or when it fails to load.
 */
export function CartImage({ path, size, alt = '' }: { path: string | null; size: number; alt?: string }) {
  const source = smallSource(pictureFromPath(path), size);
  const [failed, setFailed] = useState<string | null>(null);
  const broken = failed === source.src;
  return (
    <Box
      component="img"
      src={broken ? PLACEHOLDER_IMAGE : source.src}
      srcSet={broken ? undefined : source.srcSet}
      sizes={broken ? undefined : source.sizes}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={source.width}
      height={source.height}
      onError={() => setFailed(source.src)}
      sx={{ width: size, height: size, flexShrink: 0, objectFit: 'contain', borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: '#fff' }}
      data-testid="cart-image"
    />
  );
}
