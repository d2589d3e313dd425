/** The whole demo vocabulary: the category tree (one file per root) and all property types. */
import { AUTO_ROOT } from './demo-data-auto.ts';
import { BEAUTY_ROOT } from './demo-data-beauty.ts';
import { COMMON_PROPS, type PropDef, type RootDef } from './demo-data-common.ts';
import { GADGETS_ROOT } from './demo-data-gadgets.ts';
import { GARDEN_ROOT } from './demo-data-garden.ts';
import { HOME_ROOT } from './demo-data-home.ts';
import { KIDS_ROOT } from './demo-data-kids.ts';
import { PETS_ROOT } from './demo-data-pets.ts';
import { PHONES_ROOT } from './demo-data-phones.ts';
import { SPORT_ROOT } from './demo-data-sport.ts';
import { TOOLS_ROOT } from './demo-data-tools.ts';

export { BRAND_ALIASES } from './demo-data-common.ts';
export type { LeafDef, PropDef, RootDef, Tr } from './demo-data-common.ts';

/** Roots in display order; category ids follow this order level by level. */
export const ROOTS: RootDef[] = [PHONES_ROOT, HOME_ROOT, KIDS_ROOT, BEAUTY_ROOT, TOOLS_ROOT, AUTO_ROOT, SPORT_ROOT, GADGETS_ROOT, PETS_ROOT, GARDEN_ROOT];

/** Shared property types first, then each root's own, in tree order. */
export const PROPS: PropDef[] = [...COMMON_PROPS, ...ROOTS.flatMap((r) => r.props ?? [])];
