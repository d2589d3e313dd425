import type { Database } from '../db/client.ts';
import type { DemoCatalogue, DemoProductRow } from '../modules/catalog/demo/demo-types.ts';
import { writeCatalogue } from '../modules/catalog/demo/demo-writer.ts';

/**
 * A small hand-made catalogue with known names, prices and properties, for exact assertions.
 *   1 Аксесуари для телефонів → 2 Чохли → 3 Чохли-книжки, 4 Силіконові чохли
 *   5 Інструменти → 6 Електроінструмент → 7 Дрилі
 * Types: 1 Колір (1 Чорний, 2 Червоний, 3 Синій), 2 Матеріал (4 Шкіра, 5 Силікон), 3 Потужність (6 500 Вт, 7 800 Вт).
 */
export const FIXTURE = {
  categories: [
    {
      id: 1,
      parentId: null,
      depth: 0,
      nameUk: 'Аксесуари для телефонів',
      nameRu: 'Аксессуары для телефонов',
      icon: 'PhoneIphone',
      iconColor: '#fd9207',
      image: 'demo/c/1.svg',
      sort: 0,
    },
    { id: 2, parentId: 1, depth: 1, nameUk: 'Чохли', nameRu: 'Чехлы', icon: null, iconColor: null, image: 'demo/c/2.svg', sort: 0 },
    { id: 3, parentId: 2, depth: 2, nameUk: 'Чохли-книжки', nameRu: 'Чехлы-книжки', icon: null, iconColor: null, image: 'demo/c/3.svg', sort: 0 },
    { id: 4, parentId: 2, depth: 2, nameUk: 'Силіконові чохли', nameRu: 'Силиконовые чехлы', icon: null, iconColor: null, image: 'demo/c/4.svg', sort: 1 },
    { id: 5, parentId: null, depth: 0, nameUk: 'Інструменти', nameRu: 'Инструменты', icon: 'Build', iconColor: '#546e7a', image: 'demo/c/5.svg', sort: 1 },
    { id: 6, parentId: 5, depth: 1, nameUk: 'Електроінструмент', nameRu: 'Электроинструмент', icon: null, iconColor: null, image: 'demo/c/6.svg', sort: 0 },
    { id: 7, parentId: 6, depth: 2, nameUk: 'Дрилі', nameRu: 'Дрели', icon: null, iconColor: null, image: 'demo/c/7.svg', sort: 0 },
  ] as DemoCatalogue['categories'],
  propertyTypes: [
    { id: 1, nameUk: 'Колір', nameRu: 'Цвет', sort: 0 },
    { id: 2, nameUk: 'Матеріал', nameRu: 'Материал', sort: 1 },
    { id: 3, nameUk: 'Потужність', nameRu: 'Мощность', sort: 2 },
  ],
  propertyValues: [
    { id: 1, propertyTypeId: 1, valueUk: 'Чорний', valueRu: 'Черный', sort: 0 },
    { id: 2, propertyTypeId: 1, valueUk: 'Червоний', valueRu: 'Красный', sort: 1 },
    { id: 3, propertyTypeId: 1, valueUk: 'Синій', valueRu: 'Синий', sort: 2 },
    { id: 4, propertyTypeId: 2, valueUk: 'Шкіра', valueRu: 'Кожа', sort: 0 },
    { id: 5, propertyTypeId: 2, valueUk: 'Силікон', valueRu: 'Силикон', sort: 1 },
    { id: 6, propertyTypeId: 3, valueUk: '500 Вт', valueRu: '500 Вт', sort: 0 },
    { id: 7, propertyTypeId: 3, valueUk: '800 Вт', valueRu: '800 Вт', sort: 1 },
  ],
};

type P = Partial<DemoProductRow> & Pick<DemoProductRow, 'id' | 'nameUk' | 'nameRu' | 'categoryId' | 'dropKop' | 'retailKop' | 'qty' | 'propertyValueIds'>;
const parents: Record<number, [number, number]> = { 3: [2, 1], 4: [2, 1], 7: [6, 5] };

function product(p: P): DemoProductRow {
  const [parentId, rootId] = parents[p.categoryId]!;
  return {
    b2bCodeId: 1000 + p.id,
    codeId: 5000 + p.id,
    vendorCode: `VC-${p.id}`,
    descriptionUk: `Опис товару ${p.nameUk}.`,
    descriptionRu: `Описание товара ${p.nameRu}.`,
    brand: null,
    brandAliases: [],
    parentId,
    rootId,
    oldDropKop: null,
    reserved: 0,
    inetPack: 1,
    inPack: 1,
    isNew: false,
    analogueGroupId: null,
    images: [{ original: `demo/p/${p.id}-1-o.svg`, mediumCentered: `demo/p/${p.id}-1-m.svg`, thumb: `demo/p/${p.id}-1-t.svg` }],
    ...p,
  };
}

export const FIXTURE_PRODUCTS: DemoProductRow[] = [
  product({
    id: 1,
    nameUk: 'Чохол-книжка Samsung Galaxy A54 чорний',
    nameRu: 'Чехол-книжка Samsung Galaxy A54 черный',
    brand: 'Samsung',
    brandAliases: ['Самсунг'],
    vendorCode: 'SM-A54-BK',
    categoryId: 3,
    dropKop: 10000,
    retailKop: 15000,
    qty: 5,
    propertyValueIds: [1, 4],
    analogueGroupId: 1,
  }),
  product({
    id: 2,
    nameUk: 'Чохол-книжка Samsung Galaxy A54 червоний',
    nameRu: 'Чехол-книжка Samsung Galaxy A54 красный',
    brand: 'Samsung',
    brandAliases: ['Самсунг'],
    vendorCode: 'SM-A54-RD',
    categoryId: 3,
    dropKop: 12000,
    oldDropKop: 15000,
    retailKop: 18000,
    qty: 0,
    propertyValueIds: [2, 4],
    analogueGroupId: 1,
  }),
  product({
    id: 3,
    nameUk: 'Чохол-книжка Xiaomi Redmi Note 12 синій',
    nameRu: 'Чехол-книжка Xiaomi Redmi Note 12 синий',
    brand: 'Xiaomi',
    brandAliases: ['Сяомі', 'Сяоми'],
    vendorCode: 'XM-RN12-BL',
    categoryId: 3,
    dropKop: 9000,
    retailKop: 13000,
    qty: 150,
    isNew: true,
    propertyValueIds: [3, 4],
    analogueGroupId: 1,
    inetPack: 2,
  }),
  product({
    id: 4,
    nameUk: 'Силіконовий чохол Samsung Galaxy S23 чорний',
    nameRu: 'Силиконовый чехол Samsung Galaxy S23 черный',
    brand: 'Samsung',
    brandAliases: ['Самсунг'],
    vendorCode: 'SM-S23-SL',
    categoryId: 4,
    dropKop: 5000,
    retailKop: 8000,
    qty: 30,
    propertyValueIds: [1, 5],
  }),
  product({
    id: 5,
    nameUk: 'Силіконовий чохол iPhone 15 червоний',
    nameRu: 'Силиконовый чехол iPhone 15 красный',
    brand: 'Apple',
    brandAliases: ['Епл'],
    vendorCode: 'AP-IP15-RD',
    categoryId: 4,
    dropKop: 6000,
    retailKop: 9000,
    qty: 12,
    isNew: true,
    propertyValueIds: [2, 5],
  }),
  product({
    id: 6,
    nameUk: 'Дриль ударна Bosch PSB 500 RE',
    nameRu: 'Дрель ударная Bosch PSB 500 RE',
    brand: 'Bosch',
    brandAliases: ['Бош'],
    vendorCode: '0603127020',
    categoryId: 7,
    dropKop: 150000,
    retailKop: 210000,
    qty: 3,
    propertyValueIds: [6],
    images: [],
  }),
  product({
    id: 7,
    nameUk: 'Дриль-шуруповерт Intertool DT-0310',
    nameRu: 'Дрель-шуруповерт Intertool DT-0310',
    brand: 'Intertool',
    brandAliases: ['Інтертул'],
    vendorCode: 'DT-0310',
    categoryId: 7,
    dropKop: 90000,
    retailKop: 120000,
    qty: 0,
    propertyValueIds: [7],
  }),
];

export async function loadCatalogFixture(database: Database): Promise<void> {
  const cat: DemoCatalogue = { ...FIXTURE, analogueGroups: 1, products: () => FIXTURE_PRODUCTS };
  await writeCatalogue(database, cat, FIXTURE_PRODUCTS.length);
}
