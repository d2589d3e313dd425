/**
 * The demo catalogue's row shapes. The generator (demo-generator.ts) produces them
 * deterministically from a seed; the writer (demo-writer.ts) inserts them with these ids.
 */
export interface DemoCategoryRow {
  id: number;
  parentId: number | null;
  /** 0 = root, 1 = parent, 2 = leaf. Products belong to leaves. */
  depth: 0 | 1 | 2;
  nameUk: string;
  nameRu: string;
  /** Material icon name for roots (e.g. 'PhoneIphone'), null below. */
  icon: string | null;
  /** '#rrggbb' for roots, null below. */
  iconColor: string | null;
  /** Storage path of the category image, e.g. 'demo/c/12.svg' (served at /storage/demo/c/12.svg). */
  image: string | null;
  sort: number;
}

export interface DemoPropertyTypeRow {
  id: number;
  nameUk: string;
  nameRu: string;
  sort: number;
}

export interface DemoPropertyValueRow {
  id: number;
  propertyTypeId: number;
  valueUk: string;
  valueRu: string;
  sort: number;
}

export interface DemoImage {
  /** Storage paths, e.g. 'demo/p/123-1-o.svg'. */
  original: string;
  mediumCentered: string;
  thumb: string;
}

export interface DemoProductRow {
  id: number;
  b2bCodeId: number;
  codeId: number;
  vendorCode: string;
  nameUk: string;
  nameRu: string;
  descriptionUk: string;
  descriptionRu: string;
  /** Brand as printed (Latin or Cyrillic), null for unbranded goods. */
  brand: string | null;
  /** Other spellings of the brand (e.g. ['Самсунг'] for Samsung) that search must know. */
  brandAliases: string[];
  categoryId: number;
  parentId: number | null;
  rootId: number;
  dropKop: number;
  oldDropKop: number | null;
  retailKop: number;
  qty: number;
  reserved: number;
  inetPack: number;
  inPack: number;
  isNew: boolean;
  analogueGroupId: number | null;
  /** One value per property type of the leaf category (4-8). */
  propertyValueIds: number[];
  images: DemoImage[];
}

export interface DemoCatalogue {
  categories: DemoCategoryRow[];
  propertyTypes: DemoPropertyTypeRow[];
  propertyValues: DemoPropertyValueRow[];
  /** Highest analogue group id used (groups are 1..analogueGroups). */
  analogueGroups: number;
  /** Lazily generates `count` products, ids 1..count, same output for the same seed. */
  products(): Iterable<DemoProductRow>;
}
