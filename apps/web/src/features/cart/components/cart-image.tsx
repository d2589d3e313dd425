import { useState } from 'react';
import Box from '@mui/material/Box';
import { PLACEHOLDER_IMAGE, storageUrl } from '@drop/shared';

/** A cart line's picture (`/storage/{path}`), the placeholder when none or when it fails to load. */
export function CartImage({ path, size, alt = '' }: { path: string | null; size: number; alt?: string }) {
  const src = storageUrl(path);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Box
      component="img"
      src={failed === src ? PLACEHOLDER_IMAGE : src}
      alt={alt}
      loading="lazy"
      width={size}
      height={size}
      onError={() => setFailed(src)}
      sx={{ width: size, height: size, flexShrink: 0, objectFit: 'contain', borderRadius: 1, border: 1, borderColor: 'divider', bgcolor: '#fff' }}
      data-testid="cart-image"
    />
  );
}
