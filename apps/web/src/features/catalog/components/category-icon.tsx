import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import BackpackIcon from '@mui/icons-material/Backpack';
import BrushIcon from '@mui/icons-material/Brush';
import BuildIcon from '@mui/icons-material/Build';
import GenericCategoryIcon from '@mui/icons-material/Category';
import CheckroomIcon from '@mui/icons-material/Checkroom';
import ChildCareIcon from '@mui/icons-material/ChildCare';
import ComputerIcon from '@mui/icons-material/Computer';
import DevicesIcon from '@mui/icons-material/Devices';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import FitnessCenterIcon from '@mui/icons-material/FitnessCenter';
import HomeIcon from '@mui/icons-material/Home';
import KitchenIcon from '@mui/icons-material/Kitchen';
import LocalGroceryStoreIcon from '@mui/icons-material/LocalGroceryStore';
import PetsIcon from '@mui/icons-material/Pets';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import SpaIcon from '@mui/icons-material/Spa';
import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import ToysIcon from '@mui/icons-material/Toys';
import TvIcon from '@mui/icons-material/Tv';
import YardIcon from '@mui/icons-material/Yard';

/** Material icon names the API may send for root categories; anything else gets the generic icon. */
const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  Backpack: BackpackIcon,
  Brush: BrushIcon,
  Build: BuildIcon,
  Category: GenericCategoryIcon,
  Checkroom: CheckroomIcon,
  ChildCare: ChildCareIcon,
  Computer: ComputerIcon,
  Devices: DevicesIcon,
  DirectionsCar: DirectionsCarIcon,
  FitnessCenter: FitnessCenterIcon,
  Home: HomeIcon,
  Kitchen: KitchenIcon,
  LocalGroceryStore: LocalGroceryStoreIcon,
  Pets: PetsIcon,
  PhoneIphone: PhoneIphoneIcon,
  Spa: SpaIcon,
  SportsSoccer: SportsSoccerIcon,
  Toys: ToysIcon,
  Tv: TvIcon,
  Yard: YardIcon,
};

const HEX = /^#[0-9a-f]{6}$/i;

/** The category's Material icon in its colour (primary when it has none). */
export function CategoryIcon({ icon, color, fontSize = 'medium' }: { icon: string | null; color: string | null; fontSize?: SvgIconProps['fontSize'] }) {
  const Icon = (icon ? ICONS[icon] : undefined) ?? GenericCategoryIcon;
  return <Icon aria-hidden fontSize={fontSize} sx={{ color: color && HEX.test(color) ? color : 'primary.main' }} />;
}
