/**
 * A product picture in a fixed square box (stable layout while loading: the box is square and the
 * img carries its width and height); falls back to the placeholder on error.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { PLACEHOLDER_IMAGE, type ImgSource } from '../../../lib/images.ts';

/**
 * `source`: see lib/images.ts (thumbSource, mediumSource, cardSource).
 * `priority`: likely the largest picture of the first screen (LCP), fetched at once with a high
 * priority instead of lazily.
 */
export function ProductImage({
  source,
  alt,
  size,
  sx,
  testId,
  priority = false,
}: {
  source: ImgSource;
  alt: string;
  size?: number;
  sx?: SxProps<Theme>;
  testId?: string;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const broken = failed === source.src;
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
        src={broken ? PLACEHOLDER_IMAGE : source.src}
        srcSet={broken ? undefined : source.srcSet}
        sizes={broken ? undefined : source.sizes}
        width={source.width}
        height={source.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        onError={() => setFailed(source.src)}
        data-testid={testId}
        sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
      />
    </Box>
  );
}
