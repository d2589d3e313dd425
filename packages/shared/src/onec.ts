import { z } from 'zod';
import { pageQuery } from './api.ts';
import type { Locale } from './locale.ts';

/**
 * The 1C catalogue sync (CommerceML 2.x): contracts of the back-office import API
 * (`/api/v1/admin/onec`, operators and admins) and the price-type mapping setting.
 *
 * 1C itself talks to `/1c/exchange` (plain text, not JSON): `type=catalog` imports the
 * catalogue, `type=sale` exchanges orders. An operator can also upload the files here:
 *
 * - `POST /admin/onec/imports` multipart: parts `import` (import.xml), `offers` (offers.xml) and
 *   `pictures` (a zip with the `import_files/...` pictures the files name), each optional but at
 *   least one XML; any of `import`/`offers` may also be a zip of the whole package. Answers 202
 *   `{data: OnecImportRunDto}` (status `queued`); the import runs in the background.
 * - `GET /admin/onec/imports?page&per_page` recent runs (exchange and upload), newest first:
 *   `{data: OnecImportRunDto[], meta, pagination}`.
 * - `GET /admin/onec/imports/{id}` one run: poll it (every 1-2 s) while `status` is `queued` or
 *   `running`; `progress.percent` drives a progress bar, the counters show what is done of what.
 * - `GET /admin/onec/settings` the price-type mapping, with the price types 1C has sent so far.
 * - `PUT /admin/onec/settings` (admins only; an operator gets 403) body `OnecPriceTypeMapping`.
 * - `/admin/onec/credentials` (admins only): the exchange's own login and secret (onec-credentials.ts).
 */

// ---------- messages (warnings and errors of an import, in uk and ru) ----------

/** Reasons and warnings of an import; `{name}` placeholders are filled from `params`. */
export const ONEC_MESSAGES = {
  not_xml: { uk: 'Файл {file} не є коректним XML: {detail}', ru: 'Файл {file} не является корректным XML: {detail}' },
  wrong_root: {
    uk: 'Файл {file} не є документом CommerceML (кореневий елемент {root} замість КоммерческаяИнформация)',
    ru: 'Файл {file} не является документом CommerceML (корневой элемент {root} вместо КоммерческаяИнформация)',
  },
  nothing_to_import: {
    uk: 'У файлі {file} немає ні класифікатора, ні каталогу, ні пакета пропозицій',
    ru: 'В файле {file} нет ни классификатора, ни каталога, ни пакета предложений',
  },
  file_not_found: { uk: 'Файл {file} не отримано', ru: 'Файл {file} не получен' },
  bad_zip: { uk: 'Архів {file} пошкоджений або не є zip: {detail}', ru: 'Архив {file} повреждён или не является zip: {detail}' },
  zip_too_big: {
    uk: 'Архів {file} завеликий після розпакування (понад {max} МБ або {entries} файлів)',
    ru: 'Архив {file} слишком большой после распаковки (более {max} МБ или {entries} файлов)',
  },
  zip_bomb: {
    uk: 'Архів {file} схожий на zip-бомбу: {entry} розпаковується більш ніж у {ratio} разів',
    ru: 'Архив {file} похож на zip-бомбу: {entry} распаковывается более чем в {ratio} раз',
  },
  zip_nested: {
    uk: 'Архів {file} містить інший архів ({entry}): вкладені архіви не приймаються',
    ru: 'Архив {file} содержит другой архив ({entry}): вложенные архивы не принимаются',
  },
  unknown_group: {
    uk: 'Товар {good} посилається на невідому групу {group}',
    ru: 'Товар {good} ссылается на неизвестную группу {group}',
  },
  unknown_parent_group: { uk: 'Група {group} посилається на невідому батьківську групу', ru: 'Группа {group} ссылается на неизвестную родительскую группу' },
  missing_id: { uk: 'Елемент {element} без Ид (рядок {line})', ru: 'Элемент {element} без Ид (строка {line})' },
  missing_name: { uk: 'Елемент {element} {id} без найменування', ru: 'Элемент {element} {id} без наименования' },
  group_cycle: { uk: 'Групи утворюють цикл: {group}', ru: 'Группы образуют цикл: {group}' },
  interrupted: {
    uk: 'Імпорт перервано (процес сервера зупинився); запустіть його ще раз',
    ru: 'Импорт прерван (процесс сервера остановился); запустите его ещё раз',
  },
  internal: { uk: 'Внутрішня помилка сервера під час імпорту', ru: 'Внутренняя ошибка сервера во время импорта' },
  // Warnings: the import goes on.
  unknown_product: { uk: 'Пропозиція {offer} для невідомого товару: пропущено', ru: 'Предложение {offer} для неизвестного товара: пропущено' },
  good_without_group: { uk: 'Товар {good} без групи: пропущено', ru: 'Товар {good} без группы: пропущен' },
  goods_unsorted: {
    uk: 'Файл {file}: нових товарів без групи — {count}; їх додано до категорії «Нерозсортовані товари з 1С» (реселери її не бачать, доки її не опубліковано; перенесіть товари до їхніх категорій)',
    ru: 'Файл {file}: новых товаров без группы — {count}; они добавлены в категорию «Неразобранные товары из 1С» (реселеры её не видят, пока её не опубликуют; перенесите товары в их категории)',
  },
  record_without_id: {
    uk: 'Елемент {element} без Ид (рядок {line}) пропущено',
    ru: 'Элемент {element} без Ид (строка {line}) пропущен',
  },
  dictionary_value_without_id: {
    uk: 'Властивість {property}: варіант довідника без ИдЗначения (рядок {line}) пропущено',
    ru: 'Свойство {property}: вариант справочника без ИдЗначения (строка {line}) пропущен',
  },
  duplicate_price_type: {
    uk: 'Пропозиція {offer}: тип ціни {price_type} вказано двічі; взято першу ціну',
    ru: 'Предложение {offer}: тип цены {price_type} указан дважды; взята первая цена',
  },
  unknown_property: { uk: 'Товар {good}: невідома властивість {property}', ru: 'Товар {good}: неизвестное свойство {property}' },
  unknown_property_value: {
    uk: 'Товар {good}: невідоме значення {value} довідника властивості {property}',
    ru: 'Товар {good}: неизвестное значение {value} справочника свойства {property}',
  },
  picture_missing: { uk: 'Товар {good}: картинку {picture} не отримано', ru: 'Товар {good}: картинка {picture} не получена' },
  picture_not_image: {
    uk: 'Товар {good}: {picture} не є зображенням JPEG, PNG, WebP або GIF',
    ru: 'Товар {good}: {picture} не является изображением JPEG, PNG, WebP или GIF',
  },
  picture_too_big: {
    uk: 'Товар {good}: картинка {picture} завелика (не більше {megapixels} мегапікселів і {side} пікселів по стороні): пропущено',
    ru: 'Товар {good}: картинка {picture} слишком большая (не более {megapixels} мегапикселей и {side} пикселей по стороне): пропущена',
  },
  bad_price: { uk: 'Пропозиція {offer}: некоректна ціна «{value}»', ru: 'Предложение {offer}: некорректная цена «{value}»' },
  foreign_currency: {
    uk: 'Пропозиція {offer}: ціну у валюті {currency} пропущено (очікується UAH)',
    ru: 'Предложение {offer}: цена в валюте {currency} пропущена (ожидается UAH)',
  },
  unknown_price_type: { uk: 'Пропозиція {offer}: невідомий тип ціни {price_type}', ru: 'Предложение {offer}: неизвестный тип цены {price_type}' },
  no_drop_price: {
    uk: 'Файл {file} містить ціни, але жодної ціни типу, що відповідає дроп-ціні. Типи цін у файлі: {types}. Вкажіть, який із них є дроп-ціною, у відповідності типів цін (розділ «1С» бек-офісу) і повторіть обмін',
    ru: 'Файл {file} содержит цены, но ни одной цены типа, соответствующего дроп-цене. Типы цен в файле: {types}. Укажите, какой из них является дроп-ценой, в соответствии типов цен (раздел «1С» бэк-офиса) и повторите обмен',
  },
  no_drop_price_type: {
    uk: 'Жоден тип ціни не відповідає дроп-ціні: ціни не змінено (налаштуйте відповідність типів цін)',
    ru: 'Ни один тип цены не соответствует дроп-цене: цены не изменены (настройте соответствие типов цен)',
  },
  // Answers of the /1c/exchange protocol itself.
  auth_required: { uk: 'Потрібна HTTP-автентифікація (логін і секрет обміну з 1С)', ru: 'Требуется HTTP-аутентификация (логин и секрет обмена с 1С)' },
  auth_bad: { uk: 'Невірний логін або секрет обміну з 1С', ru: 'Неверный логин или секрет обмена с 1С' },
  auth_not_admin: { uk: 'Обмін з 1С дозволено лише адміністратору', ru: 'Обмен с 1С разрешён только администратору' },
  auth_blocked: { uk: 'Обліковий запис заблоковано', ru: 'Учётная запись заблокирована' },
  too_many_attempts: { uk: 'Забагато спроб. Спробуйте пізніше', ru: 'Слишком много попыток. Попробуйте позже' },
  session_invalid: { uk: 'Сеанс обміну недійсний або застарів: виконайте checkauth', ru: 'Сеанс обмена недействителен или устарел: выполните checkauth' },
  bad_type: { uk: 'Невідомий тип обміну {type} (очікується catalog або sale)', ru: 'Неизвестный тип обмена {type} (ожидается catalog или sale)' },
  bad_mode: { uk: 'Невідомий режим {mode}', ru: 'Неизвестный режим {mode}' },
  bad_filename: { uk: 'Недопустиме ім’я файлу {file}', ru: 'Недопустимое имя файла {file}' },
  chunk_too_large: { uk: 'Частина файлу більша за file_limit ({max} байт)', ru: 'Часть файла больше file_limit ({max} байт)' },
  sale_failed: { uk: 'Файл замовлень {file} не прийнято: {detail}', ru: 'Файл заказов {file} не принят: {detail}' },
  // Warnings of an orders file (type=sale): the document is skipped, the rest of the file applies.
  sale_unknown_order: {
    uk: 'Документ {document}: замовлення з таким номером порталу немає (можливо, замовлення створено в 1С): пропущено',
    ru: 'Документ {document}: заказа с таким номером на портале нет (возможно, заказ создан в 1С): пропущен',
  },
  sale_document_without_id: { uk: 'Документ №{index} без Ид і Номера: пропущено', ru: 'Документ №{index} без Ид и Номера: пропущен' },
  sale_step_refused: {
    uk: 'Замовлення {order}: зміну від 1С не застосовано: {reason_uk} ({reason}); записано в історію замовлення',
    ru: 'Заказ {order}: изменение из 1С не применено: {reason_ru} ({reason}); записано в историю заказа',
  },
} as const satisfies Record<string, { uk: string; ru: string }>;

/**
 * The one category of 1C goods without a group (categories.unsorted): created hidden by the
 * import on demand; operators re-home its goods, the supplier publishes it (DESIGN.md section 8).
 */
export const ONEC_UNSORTED_CATEGORY = { uk: 'Нерозсортовані товари з 1С', ru: 'Неразобранные товары из 1С' } as const;

export type OnecMessageKey = keyof typeof ONEC_MESSAGES;
export const ONEC_MESSAGE_KEYS = Object.keys(ONEC_MESSAGES) as OnecMessageKey[];

/** A warning or an error as stored: the key and its parameters (the text is made per language). */
export interface OnecMessage {
  key: OnecMessageKey;
  params: Record<string, string | number>;
}

export function onecMessageText(msg: OnecMessage, locale: Locale): string {
  const template = ONEC_MESSAGES[msg.key]?.[locale] ?? msg.key;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in msg.params ? String(msg.params[name]) : m));
}

// ---------- import runs ----------

export const ONEC_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type OnecImportStatus = (typeof ONEC_IMPORT_STATUSES)[number];
export const ONEC_IMPORT_SOURCES = ['exchange', 'upload'] as const;
export type OnecImportSource = (typeof ONEC_IMPORT_SOURCES)[number];
export const ONEC_IMPORT_PHASES = ['queued', 'unpacking', 'checking', 'groups', 'properties', 'products', 'offers', 'stats', 'done'] as const;
export type OnecImportPhase = (typeof ONEC_IMPORT_PHASES)[number];

const counter = z.object({ done: z.number(), total: z.number() });

/**
 * Progress of a run. A file is read twice: `checking` reads it through (well-formed, CommerceML,
 * counts what it holds: the totals), then the groups, properties, products (goods) and offers are
 * written, in one transaction per file. `percent` is over the bytes of all files, both reads.
 */
export const onecImportProgress = z.object({
  phase: z.enum(ONEC_IMPORT_PHASES),
  /** The file being imported (relative name, e.g. `import.xml`). */
  file: z.string().nullable(),
  files_done: z.number(),
  files_total: z.number(),
  percent: z.number(),
  groups: counter,
  properties: counter,
  products: counter,
  offers: counter,
});
export type OnecImportProgress = z.infer<typeof onecImportProgress>;

/** What a run changed (sums over its files); unchanged rows are not counted as updated. */
export const onecImportStats = z.object({
  categories_created: z.number(),
  categories_updated: z.number(),
  properties_created: z.number(),
  properties_updated: z.number(),
  property_values_created: z.number(),
  products_created: z.number(),
  products_updated: z.number(),
  products_unchanged: z.number(),
  /** Products out of a full package: stock set to 0 (never deleted: orders refer to them). */
  products_zeroed: z.number(),
  offers_applied: z.number(),
  pictures_stored: z.number(),
  /** Whether the last file was a changes-only package (СодержитТолькоИзменения). */
  only_changes: z.boolean(),
});
export type OnecImportStats = z.infer<typeof onecImportStats>;

export const emptyOnecImportStats = (): OnecImportStats => ({
  categories_created: 0,
  categories_updated: 0,
  properties_created: 0,
  properties_updated: 0,
  property_values_created: 0,
  products_created: 0,
  products_updated: 0,
  products_unchanged: 0,
  products_zeroed: 0,
  offers_applied: 0,
  pictures_stored: 0,
  only_changes: false,
});

export const emptyOnecImportProgress = (filesTotal = 0): OnecImportProgress => ({
  phase: 'queued',
  file: null,
  files_done: 0,
  files_total: filesTotal,
  percent: 0,
  groups: { done: 0, total: 0 },
  properties: { done: 0, total: 0 },
  products: { done: 0, total: 0 },
  offers: { done: 0, total: 0 },
});

export const onecMessageDto = z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])), text: z.string() });
export type OnecMessageDto = z.infer<typeof onecMessageDto>;

export const onecImportRunDto = z.object({
  id: z.number(),
  source: z.enum(ONEC_IMPORT_SOURCES),
  status: z.enum(ONEC_IMPORT_STATUSES),
  /** The files of the run in import order. */
  files: z.array(z.string()),
  progress: onecImportProgress,
  /** Null until the run finished (or failed after some files). */
  stats: onecImportStats.nullable(),
  /** At most the first 50 warnings, in the request's language; `warnings_count` has them all. */
  warnings: z.array(onecMessageDto),
  warnings_count: z.number(),
  /** Why the run failed, in the request's language; null unless `failed`. */
  error: onecMessageDto.nullable(),
  actor: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type OnecImportRunDto = z.infer<typeof onecImportRunDto>;

export const onecImportsQuery = pageQuery;
export type OnecImportsQuery = z.infer<typeof onecImportsQuery>;

/** Multipart limits of `POST /admin/onec/imports`. */
export const ONEC_UPLOAD_MAX_BYTES = 512 * 1024 * 1024;
export const ONEC_UPLOAD_PARTS = ['import', 'offers', 'pictures'] as const;

// ---------- price types ----------

export const ONEC_PRICE_TARGETS = ['drop', 'retail', 'old_drop'] as const;
export type OnecPriceTarget = (typeof ONEC_PRICE_TARGETS)[number];

const pattern = z.string('invalid_type').trim().min(1, 'required').max(200, 'too_long');

/**
 * Which 1C price type fills which price (setting `onec_price_types`). Per target a list of
 * patterns, tried in order; a pattern matches a price type whose Ид equals it, or whose name
 * equals it (case and surrounding spaces ignored), or, ending with `*`, whose name starts with
 * the rest. The first pattern that matches a price type of the package wins. An empty list: the
 * target is not filled from 1C (kept as it is).
 */
export const onecPriceTypeMapping = z
  .object({
    drop: z.array(pattern).max(20, 'too_big'),
    retail: z.array(pattern).max(20, 'too_big'),
    old_drop: z.array(pattern).max(20, 'too_big'),
  })
  .strict();
export type OnecPriceTypeMapping = z.infer<typeof onecPriceTypeMapping>;

/**
 * The default: the common names of sale prices, Ukrainian and Russian as 1C names them (case and
 * spaces ignored): 'Дроп'/'Оптова'/'Оптовая' → drop, 'РРЦ'/'Роздрібна'/'Розничная' → retail
 * (the recommended price), names starting 'Стара'/'Старая' → old drop. Never a cost price
 * (Закупочная, Закупівельна, Плановая себестоимость, Учетная, Собівартість): those fill nothing
 * unless an admin maps them.
 */
export const DEFAULT_ONEC_PRICE_TYPE_MAPPING: OnecPriceTypeMapping = {
  drop: ['Дроп', 'Дроп ціна', 'Дроп цена', 'Дропшипінг', 'Дропшиппинг', 'Оптова', 'Оптовая', 'Оптова ціна', 'Оптовая цена', 'Опт'],
  retail: ['РРЦ', 'Роздрібна', 'Розничная', 'Роздрібна ціна', 'Розничная цена', 'Рекомендована роздрібна ціна', 'Рекомендованная розничная цена'],
  old_drop: ['Стара*'],
};

export interface OnecPriceType {
  id: string;
  name: string;
}

const fold = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('uk');

export function priceTypeMatches(patternText: string, t: OnecPriceType): boolean {
  const p = patternText.trim();
  if (p === t.id) return true;
  if (p.endsWith('*')) return fold(t.name).startsWith(fold(p.slice(0, -1)));
  return fold(p) === fold(t.name);
}

/** The price type (its Ид) of each target among the known ones, by the mapping's rule. */
export function resolvePriceTypes(mapping: OnecPriceTypeMapping, types: readonly OnecPriceType[]): Record<OnecPriceTarget, string | null> {
  const out = { drop: null, retail: null, old_drop: null } as Record<OnecPriceTarget, string | null>;
  for (const target of ONEC_PRICE_TARGETS) {
    for (const p of mapping[target]) {
      const found = types.find((t) => priceTypeMatches(p, t));
      if (found) {
        out[target] = found.id;
        break;
      }
    }
  }
  return out;
}

export const onecKnownPriceTypeDto = z.object({
  id: z.string(),
  name: z.string(),
  /** What it fills under the current mapping (null: nothing). */
  target: z.enum(ONEC_PRICE_TARGETS).nullable(),
  last_seen_at: z.string(),
});

/** `GET /admin/onec/settings`. */
export const onecSettingsDto = z.object({
  price_types: onecPriceTypeMapping,
  /** True while nobody saved a mapping (the default rule applies). */
  is_default: z.boolean(),
  /** The price types 1C has sent (ТипыЦен), newest first. */
  known_price_types: z.array(onecKnownPriceTypeDto),
  updated_at: z.string().nullable(),
});
export type OnecSettingsDto = z.infer<typeof onecSettingsDto>;

/** `PUT /admin/onec/settings`. */
export const onecSettingsInput = z.object({ price_types: onecPriceTypeMapping }).strict();
export type OnecSettingsInput = z.infer<typeof onecSettingsInput>;

/** The settings row (`settings` key, locale `uk`) that holds the mapping. */
export const ONEC_PRICE_TYPES_SETTING = 'onec_price_types';
