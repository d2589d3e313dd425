/** A product picture in a fixed square box (stable layout while loading); falls back to the placeholder on error. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { PLACEHOLDER_IMAGE } from '../lib/images.ts';

/** `priority`: likely the largest picture of the first screen (LCP), fetched at once instead of lazily. */
export function ProductImage({ src, alt, size, sx, testId, priority = false }: { src: string; alt: string; size?: number; sx?: SxProps<Theme>; testId?: string; priority?: boolean }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = failed === src ? PLACEHOLDER_IMAGE : src;
  return (
    <Box
      sx={{
        width: size ?? '100%',
        aspectRatio: '1 / 1',
        flexShrink: 0,
        bgcolor: '#fff',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
        ...sx,
      }}
    >
      <Box
        component="img"
        src={url}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        onError={() => setFailed(src)}
        data-testid={testId}
        sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
      />
    </Box>
  );
}
