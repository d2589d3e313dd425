/**
 * The demo catalogue's vocabulary format and the shared part of it: property types used by many
 * categories and the spellings of brand names. A text is 'українською|по-русски', or one string
 * when both languages write it the same way ('USB Type-C', 'Китай').
 */
export type Tr = string;

export interface PropDef {
  key: string;
  name: Tr;
  values: Tr[];
  /** Values are adjectives: lower-cased and agreed with the kind when they end a product name. */
  adj?: boolean;
  /** Values go from small to large (capacity, power, volume): the price follows the value. */
  scale?: boolean;
}

export interface LeafDef {
  name: Tr;
  /** Property keys; 'key@0-3,7' keeps only those value indexes of a shared type. */
  props: string[];
  /**
   * What the product is, the name's first word(s): 'Чохол-книжка|Чехол-книжка'. A gender mark
   * for an adjective suffix: '^f', '^n', '^p' (plural), or two letters when the languages differ
   * ('Зарядний пристрій|Зарядное устройство^mn'); masculine without a mark.
   */
  kinds: Tr[];
  /** Brands as printed; null = unbranded goods. */
  brands: (string | null)[];
  /** Model lines for any brand; '#' becomes a random digit. */
  models?: Tr[];
  /** Model lines of particular brands (used instead of `models` for that brand). */
  lines?: Record<string, Tr[]>;
  /** The property whose value ends the product name. */
  suffix?: string;
  /** Drop price range in hryvnias. */
  uah: [number, number];
  /** Pack sizes to pick from (default: always 1). */
  pack?: number[];
  /** Relative share of products (default 1). */
  w?: number;
}

export interface MidDef {
  name: Tr;
  leaves: LeafDef[];
}

export interface RootDef {
  name: Tr;
  icon: string;
  color: string;
  mids: MidDef[];
  /** Property types only this root's leaves use. */
  props?: PropDef[];
}

export const COMMON_PROPS: PropDef[] = [
  {
    key: 'color',
    name: 'Колір|Цвет',
    adj: true,
    values: [
      'Чорний|Черный',
      'Білий|Белый',
      'Сірий|Серый',
      'Синій|Синий',
      'Червоний|Красный',
      'Зелений|Зеленый',
      'Рожевий|Розовый',
      'Жовтий|Желтый',
      'Фіолетовий|Фиолетовый',
      'Бежевий|Бежевый',
      'Коричневий|Коричневый',
      'Прозорий|Прозрачный',
      'Золотистий|Золотистый',
      'Сріблястий|Серебристый',
      'Помаранчевий|Оранжевый',
      'Бірюзовий|Бирюзовый',
    ],
  },
  {
    key: 'material',
    name: 'Матеріал|Материал',
    values: [
      'Пластик',
      'Силікон|Силикон',
      'Метал|Металл',
      'Скло|Стекло',
      'Текстиль',
      'Екошкіра|Экокожа',
      'Дерево',
      'Нержавіюча сталь|Нержавеющая сталь',
      'Алюміній|Алюминий',
      'Кераміка|Керамика',
      'Гума|Резина',
      'Бавовна|Хлопок',
      'Поліестер|Полиэстер',
      'Нейлон',
      'Бамбук',
      'Натуральна шкіра|Натуральная кожа',
      'Чавун|Чугун',
      'Поліуретан|Полиуретан',
      'Карбон',
    ],
  },
  {
    key: 'country',
    name: 'Країна виробника|Страна производителя',
    values: [
      'Китай',
      'Україна|Украина',
      'Польща|Польша',
      'Туреччина|Турция',
      'Німеччина|Германия',
      "В'єтнам|Вьетнам",
      'Японія|Япония',
      'Італія|Италия',
      'Чехія|Чехия',
      'Тайвань',
      'Індія|Индия',
      'Південна Корея|Южная Корея',
      'США',
      'Велика Британія|Великобритания',
    ],
  },
  {
    key: 'connector',
    name: "Тип роз'єму|Тип разъема",
    values: ['USB Type-C', 'Lightning', 'microUSB', 'USB-A', '3,5 мм (Jack)', 'MagSafe', 'Type-C — Lightning', 'Type-C — Type-C'],
  },
  {
    key: 'cable',
    name: 'Довжина кабелю|Длина кабеля',
    values: ['0,25 м', '0,5 м', '1 м', '1,2 м', '1,5 м', '2 м', '3 м', '5 м', '10 м'],
  },
  {
    key: 'battery',
    name: 'Ємність акумулятора|Емкость аккумулятора',
    scale: true,
    values: [
      '200 мА·год|200 мА·ч',
      '300 мА·год|300 мА·ч',
      '500 мА·год|500 мА·ч',
      '1000 мА·год|1000 мА·ч',
      '2000 мА·год|2000 мА·ч',
      '3000 мА·год|3000 мА·ч',
      '5000 мА·год|5000 мА·ч',
      '10000 мА·год|10000 мА·ч',
      '20000 мА·год|20000 мА·ч',
      '30000 мА·год|30000 мА·ч',
      '40000 мА·год|40000 мА·ч',
      '50000 мА·год|50000 мА·ч',
    ],
  },
  {
    key: 'power',
    name: 'Потужність|Мощность',
    scale: true,
    values: [
      '5 Вт',
      '10 Вт',
      '15 Вт',
      '20 Вт',
      '25 Вт',
      '33 Вт',
      '45 Вт',
      '65 Вт',
      '100 Вт',
      '150 Вт',
      '300 Вт',
      '500 Вт',
      '700 Вт',
      '900 Вт',
      '1000 Вт',
      '1200 Вт',
      '1500 Вт',
      '1800 Вт',
      '2000 Вт',
      '2200 Вт',
      '2500 Вт',
    ],
  },
  { key: 'size', name: 'Розмір|Размер', values: ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'] },
  {
    key: 'age',
    name: 'Вік дитини|Возраст ребенка',
    values: [
      '0-6 міс.|0-6 мес.',
      '6-12 міс.|6-12 мес.',
      '1-3 роки|1-3 года',
      '3-5 років|3-5 лет',
      '5-7 років|5-7 лет',
      '7-10 років|7-10 лет',
      '10-14 років|10-14 лет',
      '14+ років|14+ лет',
    ],
  },
  {
    key: 'volume',
    name: "Об'єм|Объем",
    scale: true,
    values: [
      '30 мл',
      '50 мл',
      '100 мл',
      '150 мл',
      '200 мл',
      '250 мл',
      '300 мл',
      '400 мл',
      '500 мл',
      '750 мл',
      '1 л',
      '1,5 л',
      '2 л',
      '3 л',
      '5 л',
      '10 л',
      '20 л',
      '30 л',
      '50 л',
    ],
  },
  {
    key: 'warranty',
    name: 'Гарантія|Гарантия',
    values: [
      'Без гарантії|Без гарантии',
      '14 днів|14 дней',
      '1 місяць|1 месяц',
      '3 місяці|3 месяца',
      '6 місяців|6 месяцев',
      '12 місяців|12 месяцев',
      '24 місяці|24 месяца',
      '36 місяців|36 месяцев',
    ],
  },
  {
    key: 'weight',
    name: 'Вага|Вес',
    scale: true,
    values: ['50 г', '100 г', '200 г', '300 г', '500 г', '800 г', '1 кг', '1,5 кг', '2 кг', '3 кг', '5 кг', '10 кг', '15 кг', '20 кг'],
  },
  {
    key: 'gender',
    name: 'Стать|Пол',
    values: ['Для чоловіків|Для мужчин', 'Для жінок|Для женщин', 'Унісекс|Унисекс', 'Для хлопчиків|Для мальчиков', 'Для дівчаток|Для девочек'],
  },
  {
    key: 'items',
    name: 'Кількість предметів|Количество предметов',
    scale: true,
    values: [
      '2 предмети|2 предмета',
      '3 предмети|3 предмета',
      '4 предмети|4 предмета',
      '5 предметів|5 предметов',
      '6 предметів|6 предметов',
      '8 предметів|8 предметов',
      '12 предметів|12 предметов',
      '24 предмети|24 предмета',
      '46 предметів|46 предметов',
      '108 предметів|108 предметов',
    ],
  },
  {
    key: 'pcs',
    name: 'Кількість в упаковці|Количество в упаковке',
    scale: true,
    values: ['1 шт.', '2 шт.', '3 шт.', '5 шт.', '10 шт.', '12 шт.', '20 шт.', '50 шт.', '100 шт.'],
  },
  {
    key: 'ip',
    name: 'Захист від вологи|Защита от влаги',
    values: ['Немає|Нет', 'IPX4', 'IPX5', 'IPX7', 'IP54', 'IP67', 'IP68'],
  },
  { key: 'voltage', name: 'Напруга|Напряжение', values: ['3,7 В', '5 В', '12 В', '18 В', '20 В', '24 В', '36 В', '220 В'] },
  { key: 'pack', name: 'Упаковка', values: ['Коробка', 'Блістер|Блистер', 'Пакет', 'Тубус', 'Без упаковки'] },
];

/**
 * Other spellings of brands: how people type a Latin brand in Cyrillic, and the Latin form of a
 * Cyrillic brand (its first Latin alias also gives the vendor-code prefix).
 */
export const BRAND_ALIASES: Record<string, string[]> = {
  Samsung: ['Самсунг'],
  Xiaomi: ['Сяомі', 'Сяоми', 'Ксіаомі', 'Ксиаоми'],
  Apple: ['Епл', 'Эпл', 'Эппл'],
  Baseus: ['Басеус'],
  Hoco: ['Хоко'],
  Borofone: ['Борофон'],
  Remax: ['Ремакс'],
  Tefal: ['Тефаль'],
  Bosch: ['Бош'],
  Makita: ['Макіта', 'Макита'],
  LEGO: ['Лего'],
  Philips: ['Філіпс', 'Филипс'],
  Gerlach: ['Герлах'],
  Intertool: ['Інтертул', 'Интертул'],
  Ardesto: ['Ардесто'],
  Ringel: ['Рінгель', 'Рингель'],
  Berghoff: ['Бергхоф'],
  Braun: ['Браун'],
  Rowenta: ['Ровента'],
  'Oral-B': ['Орал-Бі', 'Орал-Би'],
  Nivea: ['Нівея', 'Нивея'],
  Garnier: ['Гарньє', 'Гарнье'],
  'Dnipro-M': ['Дніпро-М', 'Днепр-М'],
  Stanley: ['Стенлі', 'Стэнли'],
  Vitals: ['Віталс', 'Виталс'],
  Tolsen: ['Толсен'],
  Yato: ['Ято'],
  Topex: ['Топекс'],
  Vitol: ['Вітол', 'Витол'],
  '70mai': ['70май'],
  Adidas: ['Адідас', 'Адидас'],
  Nike: ['Найк', 'Найки'],
  Puma: ['Пума'],
  Tramp: ['Трамп'],
  Totem: ['Тотем'],
  Ferrino: ['Ферріно', 'Феррино'],
  'Royal Canin': ['Роял Канін', 'Роял Канин'],
  Trixie: ['Тріксі', 'Трикси'],
  Ferplast: ['Ферпласт'],
  JBL: ['Джей Бі Ел', 'ДжиБиЭль'],
  Sony: ['Соні', 'Сони'],
  Lenovo: ['Леново'],
  Logitech: ['Логітек', 'Логитек'],
  Chicco: ['Чікко', 'Чикко'],
  Hasbro: ['Хасбро'],
  Mattel: ['Маттел'],
  Gardena: ['Гардена'],
  Karcher: ['Керхер', 'Кархер'],
  Canpol: ['Канпол'],
  Pampers: ['Памперс'],
  Huggies: ['Хаггіс', 'Хаггис'],
  'Best Scooter': ['Бест Скутер'],
  Ardis: ['Ардіс', 'Ардис'],
  Profi: ['Профі', 'Профи'],
  Carrello: ['Каррелло'],
  Schauma: ['Шаума'],
  Pantene: ['Пантін', 'Пантин'],
  Remington: ['Ремінгтон', 'Ремингтон'],
  Omron: ['Омрон'],
  Microlife: ['Мікролайф', 'Микролайф'],
  DeWalt: ['Деволт', 'Девольт'],
  'Turtle Wax': ['Тертл Вакс'],
  'Liqui Moly': ['Ліквід Молі', 'Ликви Моли'],
  Winso: ['Вінсо', 'Винсо'],
  Elegant: ['Елегант', 'Элегант'],
  'Power System': ['Пауер Систем'],
  Nitecore: ['Найткор'],
  Select: ['Селект'],
  Wilson: ['Вілсон', 'Вилсон'],
  Yonex: ['Йонекс'],
  Segway: ['Сігвей', 'Сегвей'],
  Amazfit: ['Амазфіт', 'Амазфит'],
  Huawei: ['Хуавей', 'Хуавэй'],
  A4Tech: ['А4Тек'],
  Kingston: ['Кінгстон', 'Кингстон'],
  SanDisk: ['Сандіск', 'Сандиск'],
  'TP-Link': ['ТП-Лінк', 'ТП-Линк'],
  Imou: ['Імоу', 'Имоу'],
  EcoFlow: ['ЕкоФлоу', 'ЭкоФлоу'],
  Bluetti: ['Блюетті', 'Блюетти'],
  Duracell: ['Дюрасел', 'Дюраселл'],
  Energizer: ['Енерджайзер', 'Энерджайзер'],
  Videx: ['Відекс', 'Видекс'],
  'Pro Plan': ['Про План'],
  Brit: ['Бріт', 'Брит'],
  'Club 4 Paws': ['Клуб 4 Лапи', 'Клуб 4 Лапы'],
  Optimeal: ['Оптиміл', 'Оптимил'],
  Whiskas: ['Віскас', 'Вискас'],
  Pedigree: ['Педігрі', 'Педигри'],
  Dreamies: ['Дрімз', 'Дримз'],
  Catsan: ['Кетсан'],
  Collar: ['Коллар'],
  WAUDOG: ['Ваудог'],
  Aquael: ['Акваель', 'Акваэль'],
  Presto: ['Престо'],
  Fiskars: ['Фіскарс', 'Фискарс'],
  Marolex: ['Маролекс'],
  Kwazar: ['Квазар'],
  Оріон: ['Orion', 'Орион'],
  Стратег: ['Strateg'],
  Попутчик: ['Poputchyk', 'Poputchik'],
  'Насіння України': ['Nasinnia Ukrainy', 'Семена Украины'],
  Яскрава: ['Yaskrava', 'Яркая'],
  Агрохімпак: ['Agrokhimpak', 'Агрохимпак'],
  Florovit: ['Флоровіт', 'Флоровит'],
  Алеана: ['Aleana'],
  Кенгуру: ['Kenguru'],
  Вінтаж: ['Vintazh', 'Винтаж'],
  Галицька: ['Halytska', 'Галицкая'],
  'Стоп-Кран': ['Stop-Kran'],
  Технок: ['Technok', 'TechnoK'],
  Тигрес: ['Tigres'],
  Біокон: ['Biokon', 'Биокон'],
  Еліксир: ['Eliksyr', 'Эликсир'],
  Природа: ['Pryroda'],
  Колорит: ['Kolorit'],
  'Мамин Дім': ['Mamyn Dim', 'Мамин Дом'],
  Сила: ['Syla'],
  Зоолюкс: ['Zooluxe'],
};
