/** In-page anchors of the landing sections (ids of the section headings' parents). */
export const LANDING_SECTIONS = [
  { id: 'benefits', labelKey: 'nav.benefits' },
  { id: 'howto', labelKey: 'nav.howto' },
  { id: 'faq', labelKey: 'nav.faq' },
  { id: 'contacts', labelKey: 'nav.contacts' },
] as const;

/** 'promo' is a section without a menu entry: it hides itself when there is nothing to show. */
export type LandingSectionId = (typeof LANDING_SECTIONS)[number]['id'] | 'promo';

export const sectionId = (id: LandingSectionId) => `landing-${id}`;
export const sectionTitleId = (id: LandingSectionId) => `landing-${id}-title`;
