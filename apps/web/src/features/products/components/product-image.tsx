/** A product picture in a fixed square box (stable layout while loading); falls back to the placeholder on error. */
import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { PLACEHOLDER_IMAGE } from '../lib/images.ts';

export function ProductImage({ src, alt, size, sx, testId }: { src: string; alt: string; size?: number; sx?: SxProps<Theme>; testId?: string }) {
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
        loading="lazy"
        decoding="async"
        onError={() => setFailed(src)}
        data-testid={testId}
        sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
      />
    </Box>
  );
}
