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
import type { CategoryIconName } from '@drop/shared';

/**
 * The Material icon of every name in CATEGORY_ICONS (packages/shared: the API accepts only these),
 * for the reseller catalogue and the back office's icon picker. Typed by the list, so a name added
 * there without its icon here does not compile.
 */
export const CATEGORY_ICON_COMPONENTS: Record<CategoryIconName, ComponentType<SvgIconProps>> = {
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

export const GENERIC_CATEGORY_ICON = GenericCategoryIcon;
