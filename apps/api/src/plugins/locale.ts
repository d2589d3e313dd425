import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@drop/shared';

/** X-Localization first, then Accept-Language (first uk/ru in preference order), else uk. */
export function requestLocale(req: FastifyRequest): Locale {
  const x = req.headers['x-localization'];
  const xv = (Array.isArray(x) ? x[0] : x)?.trim().toLowerCase().slice(0, 2);
  if (isLocale(xv)) return xv;
  const al = req.headers['accept-language'];
  if (typeof al === 'string') {
    const ranked = al
      .split(',')
      .map((part) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.find((p) => p.trim().startsWith('q='));
        return { lang: tag.trim().toLowerCase().slice(0, 2), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
      })
      .sort((a, b) => b.q - a.q);
    for (const r of ranked) if (isLocale(r.lang)) return r.lang;
  }
  return DEFAULT_LOCALE;
}
