import type { SvgIconProps } from '@mui/material/SvgIcon';
import { CATEGORY_ICON_COMPONENTS, GENERIC_CATEGORY_ICON } from '../../../components/ui/category-icons.tsx';

const HEX = /^#[0-9a-f]{6}$/i;

/** The category's Material icon (a name from CATEGORY_ICONS) in its colour (primary when it has none); anything else gets the generic icon. */
export function CategoryIcon({ icon, color, fontSize = 'medium' }: { icon: string | null; color: string | null; fontSize?: SvgIconProps['fontSize'] }) {
  const Icon =
    (icon && Object.hasOwn(CATEGORY_ICON_COMPONENTS, icon) ? CATEGORY_ICON_COMPONENTS[icon as keyof typeof CATEGORY_ICON_COMPONENTS] : undefined) ??
    GENERIC_CATEGORY_ICON;
  return <Icon aria-hidden fontSize={fontSize} sx={{ color: color && HEX.test(color) ? color : 'primary.main' }} />;
}
