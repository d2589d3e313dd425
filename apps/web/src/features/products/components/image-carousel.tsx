/**
 * Image carousel (SPEC section 2, 9): advances every 6000 ms (paused while hovered or focused),
 * prev/next buttons and dots; optional thumbnails for the product page. The main picture is the
 * `medium` variant (600 px square), the thumbnails the `thumb`; with `onZoom` the main picture is
 * a button that opens the zoom (the product page). No pictures: the placeholder.
 * Test ids: image-carousel (data-index, data-count), carousel-image, carousel-zoom, carousel-prev,
 * carousel-next, carousel-dot (data-index, aria-current), carousel-thumb.
 */
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { mediumSource, smallSource, type Picture } from '../../../lib/images.ts';
import { useProductsT } from '../lib/i18n.ts';
import { ProductImage } from './product-image.tsx';

export const CAROUSEL_INTERVAL_MS = 6000;

const arrowSx = {
  position: 'absolute',
  top: '50%',
  transform: 'translateY(-50%)',
  bgcolor: 'rgba(255,255,255,0.85)',
  boxShadow: 1,
  '&:hover': { bgcolor: '#fff' },
} as const;

const THUMB_PX = 64;

export function ImageCarousel({
  pictures,
  alt,
  interval = CAROUSEL_INTERVAL_MS,
  autoPlay = true,
  thumbnails = false,
  maxSize = 360,
  priority = false,
  onZoom,
}: {
  pictures: readonly Picture[];
  alt: string;
  interval?: number;
  autoPlay?: boolean;
  /** A strip of thumbnails instead of the dots (product page). */
  thumbnails?: boolean;
  /** Largest side of the main image, px. */
  maxSize?: number;
  /** The main picture is the page's largest paint: fetched at once, with a high priority. */
  priority?: boolean;
  /** Called with the shown picture's index when the main picture is clicked (opens the zoom). */
  onZoom?: (index: number) => void;
}) {
  const { t } = useProductsT();
  const count = pictures.length;
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const current = count > 0 ? index % count : 0;

  useEffect(() => {
    if (!autoPlay || paused || count < 2) return;
    // Restarted on every change of slide, so a manual step gets a full interval too.
    const id = window.setTimeout(() => setIndex((i) => (i + 1) % count), interval);
    return () => window.clearTimeout(id);
  }, [autoPlay, paused, count, interval, current]);

  const go = (i: number) => setIndex(((i % count) + count) % count);
  const main = (
    <ProductImage
      key={current}
      source={mediumSource(pictures[current] ?? null)}
      alt={count > 1 ? `${alt} (${t('carousel.position', { index: current + 1, count })})` : alt}
      testId="carousel-image"
      priority={priority}
    />
  );

  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={t('carousel.label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(e) => {
        if (count < 2) return;
        if (e.key === 'ArrowLeft') go(current - 1);
        if (e.key === 'ArrowRight') go(current + 1);
      }}
      data-testid="image-carousel"
      data-index={current}
      data-count={count}
    >
      <Box sx={{ position: 'relative', mx: 'auto', maxWidth: maxSize }}>
        <Box aria-live={autoPlay && !paused ? 'off' : 'polite'} aria-atomic>
          {onZoom && count > 0 ? (
            <ButtonBase
              onClick={() => onZoom(current)}
              aria-label={t('carousel.zoom')}
              aria-haspopup="dialog"
              data-testid="carousel-zoom"
              sx={{ display: 'block', width: '100%', borderRadius: 1, cursor: 'zoom-in' }}
            >
              {main}
            </ButtonBase>
          ) : (
            main
          )}
        </Box>
        {count > 1 && (
          <>
            <IconButton size="small" aria-label={t('carousel.prev')} onClick={() => go(current - 1)} sx={{ ...arrowSx, left: 4 }} data-testid="carousel-prev">
              <ChevronLeftIcon />
            </IconButton>
            <IconButton size="small" aria-label={t('carousel.next')} onClick={() => go(current + 1)} sx={{ ...arrowSx, right: 4 }} data-testid="carousel-next">
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
      </Box>
      {count > 1 && !thumbnails && (
        <Box sx={{ display: 'flex', justifyContent: 'center', gap: 0.5, mt: 1 }}>
          {pictures.map((picture, i) => (
            <ButtonBase
              key={picture.medium + i}
              aria-label={t('carousel.goTo', { index: i + 1 })}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
              data-testid="carousel-dot"
              data-index={i}
              sx={{ p: 0.75, borderRadius: '50%' }}
            >
              <Box
                sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: i === current ? 'primary.main' : 'grey.400', transition: 'background-color .2s' }}
              />
            </ButtonBase>
          ))}
        </Box>
      )}
      {count > 1 && thumbnails && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1.5, overflowX: 'auto', pb: 0.5, justifyContent: { sm: 'center' } }}>
          {pictures.map((picture, i) => (
            <ButtonBase
              key={picture.thumb + i}
              aria-label={t('carousel.goTo', { index: i + 1 })}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
              data-testid="carousel-thumb"
              data-index={i}
              sx={{ borderRadius: 1, border: 2, borderColor: i === current ? 'primary.main' : 'divider', overflow: 'hidden', flexShrink: 0 }}
            >
              <ProductImage source={smallSource(picture, THUMB_PX)} alt="" size={THUMB_PX} testId="carousel-thumb-image" />
            </ButtonBase>
          ))}
        </Box>
      )}
    </Box>
  );
}
