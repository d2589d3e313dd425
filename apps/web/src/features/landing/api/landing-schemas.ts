/**
 * The zod contracts of the landing's public calls. Loaded with the first response (dynamic
 * import), so zod is not on the path to the landing's first paint.
 */
import { z } from 'zod';
import { faqValue, legalValue, promoProductDto, settingDto } from '@drop/shared';

export const landingSettingSchemas = {
  faq: faqValue,
  privacy_policy: legalValue,
  user_agreement: legalValue,
} as const;

export const settingEnvelope = z.object({ data: settingDto });

/** The contract's item; a missing picture (null or absent) falls back to the placeholder. */
export const promoItem = promoProductDto.extend({ image: z.string().nullish() });
export const promoEnvelope = z.object({ data: z.array(promoItem) });
