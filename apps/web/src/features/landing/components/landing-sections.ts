/** In-page anchors of the landing sections (ids of the section headings' parents). */
export const LANDING_SECTIONS = [
  { id: 'benefits', labelKey: 'nav.benefits' },
  { id: 'howto', labelKey: 'nav.howto' },
  { id: 'faq', labelKey: 'nav.faq' },
  { id: 'contacts', labelKey: 'nav.contacts' },
] as const;

export type LandingSectionId = (typeof LANDING_SECTIONS)[number]['id'];

export const sectionId = (id: LandingSectionId) => `landing-${id}`;
export const sectionTitleId = (id: LandingSectionId) => `landing-${id}-title`;
