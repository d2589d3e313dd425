import { z } from 'zod';
import { dataOf } from './api.ts';

/**
 * Converting pictures stored before issue 30 (raw bytes at `products/...` and `onec/...`) into
 * the three variants (apps/api/src/modules/pictures):
 *  - `GET  /admin/catalog/pictures/conversion`: the newest run and the live counts;
 *  - `POST /admin/catalog/pictures/conversion`: start a run (400 `PictureConversionRunning`
 *    while one runs, 400 `PictureConversionNothing` when nothing is pending);
 *  - `POST /admin/catalog/pictures/conversion/retry-failed`: forget why the failed ones failed
 *    and start a run of them (400 `PictureConversionRunning`, 400 `PictureConversionNothing`).
 */
export const PICTURE_CONVERSION_STATUSES = ['running', 'done', 'failed'] as const;
export type PictureConversionStatus = (typeof PICTURE_CONVERSION_STATUSES)[number];

/** Why a stored picture could not be converted (product_images.variant_error); it keeps being served as it was. */
export const PICTURE_VARIANT_ERRORS = ['missing', 'not_image', 'too_big'] as const;
export type PictureVariantError = (typeof PICTURE_VARIANT_ERRORS)[number];

/** How often the back office asks again while a run goes on. */
export const PICTURE_CONVERSION_POLL_MS = 3000;

export const pictureConversionRunDto = z.object({
  id: z.number(),
  status: z.enum(PICTURE_CONVERSION_STATUSES),
  /** Pictures (product pictures and category pictures) to convert when the run started. */
  total: z.number(),
  converted: z.number(),
  failed: z.number(),
  /** The last picture that failed and why, or why the run stopped. */
  last_error: z.string().nullable(),
  started_by: z.number().nullable(),
  started_by_name: z.string().nullable(),
  started_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type PictureConversionRunDto = z.infer<typeof pictureConversionRunDto>;

export const pictureConversionStateDto = z.object({
  /** Pictures stored before the upgrade still to convert (product pictures and category pictures). */
  pending: z.number(),
  /** Product pictures that could not be converted, by reason (served as they were). */
  failed: z.number(),
  failed_by_reason: z.object({ missing: z.number(), not_image: z.number(), too_big: z.number() }),
  /** The newest run, or null when none ever ran. */
  run: pictureConversionRunDto.nullable(),
});
export type PictureConversionStateDto = z.infer<typeof pictureConversionStateDto>;
export const pictureConversionResponse = dataOf(pictureConversionStateDto);
export type PictureConversionResponse = z.infer<typeof pictureConversionResponse>;
