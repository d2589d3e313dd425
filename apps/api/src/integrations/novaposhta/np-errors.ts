/**
 * Nova Poshta API 2.0 error codes (`errorCodes` of a `success: false` answer) with NP's own English
 * text (what NP puts in `errors`) and texts in Ukrainian and Russian for the portal's operators.
 *
 * Sources:
 * - NP publishes the table through its own API: `CommonGeneral.getMessageCodeText` (MessageCode,
 *   MessageText, MessageDescriptionUA, MessageDescriptionRU), https://developers.novaposhta.ua/
 *   (model CommonGeneral). The codes and English texts below are copied from that table as
 *   dumped by public clients: github.com/daaner/NovaPoshta resources/lang/{en,uk,ru}/novaposhta.php
 *   (`statusCode` section) and a public JS client's `const ERRORS = {...}` map of the same table.
 * - Real answers quoting these texts: github.com/lis-dev/nova-poshta-api-2 issue #16
 *   (`Recipient not selected`, `ContactRecipient not selected`, `RecipientsPhone invalid format`
 *   for an InternetDocument.save without a recipient counterparty), issue #15 (Cost missing).
 * The uk/ru texts follow NP's MessageDescriptionUA/RU, with NP's typos and mixed-language slips
 * fixed so an operator can read them.
 *
 * Used by the emulator (emulator.ts answers these codes) and by the client (client.ts translates
 * a refused call for the operator). A code missing here is shown with NP's own text only.
 */
export interface NpErrorText {
  /** NP's text, exactly as NP answers it in `errors`. */
  en: string;
  uk: string;
  ru: string;
}

const TABLE = {
  // ---- API key --------------------------------------------------------------------------------
  '20000200068': { en: 'API auth fail', uk: 'Ключ API Нової Пошти недійсний', ru: 'Ключ API Новой Почты недействителен' },
  '20000200069': { en: 'apiKey is empty', uk: 'Ключ API Нової Пошти не вказано', ru: 'Ключ API Новой Почты не указан' },
  '20000201204': { en: 'API key expired', uk: 'Термін дії ключа API Нової Пошти закінчився', ru: 'Срок действия ключа API Новой Почты истёк' },
  '20000200217': { en: 'No rights to the method', uk: 'Ключ API не має прав на цей метод', ru: 'У ключа API нет прав на этот метод' },
  '20000300394': { en: 'access denied', uk: 'Доступ заборонено', ru: 'Доступ запрещён' },

  // ---- Sender (InternetDocument.save) --------------------------------------------------------
  '20000300442': { en: 'Sender not selected', uk: 'Відправника не обрано', ru: 'Отправитель не выбран' },
  '20000300439': { en: 'Sender does not exists', uk: 'Відправник не існує', ru: 'Отправитель не существует' },
  '20000300438': {
    en: 'Sender does not belong to this User',
    uk: 'Відправник не належить цьому користувачу (ключу API)',
    ru: 'Отправитель не принадлежит этому пользователю (ключу API)',
  },
  '20000300437': {
    en: 'Sender does not belong to this CitySender',
    uk: 'Відправник не належить до цього міста відправника',
    ru: 'Отправитель не принадлежит к этому городу отправителя',
  },
  '20000300440': { en: 'Sender is incorrect', uk: 'Відправника вказано некоректно', ru: 'Отправитель указан некорректно' },
  '20000300446': {
    en: 'This counterparty can not be sender',
    uk: 'Цей контрагент не може бути відправником',
    ru: 'Этот контрагент не может быть отправителем',
  },
  '20000200107': { en: 'CitySender not selected', uk: 'Місто відправника не обрано', ru: 'Город отправителя не выбран' },
  '20000200106': { en: 'CitySender not found', uk: 'Місто відправника не знайдено', ru: 'Город отправителя не найден' },
  '20000200105': { en: 'CitySender is incorrect', uk: 'Місто відправника вказано некоректно', ru: 'Город отправителя указан некорректно' },
  '20000200329': { en: 'SenderAddress not selected', uk: 'Адресу відправника не обрано', ru: 'Адрес отправителя не выбран' },
  '20000200326': { en: 'SenderAddress does not exists', uk: 'Адреса відправника не існує', ru: 'Адрес отправителя не существует' },
  '20000200325': {
    en: 'SenderAddress does not belong to this Sender',
    uk: 'Адреса відправника не належить цьому відправнику',
    ru: 'Адрес отправителя не принадлежит этому отправителю',
  },
  '20000200327': { en: 'SenderAddress is incorrect', uk: 'Адресу відправника вказано невірно', ru: 'Адрес отправителя указан неверно' },
  '20000300406': { en: 'ContactSender not selected', uk: 'Контактну особу відправника не обрано', ru: 'Контактное лицо отправителя не выбрано' },
  '20000300403': { en: 'ContactSender does not exists', uk: 'Контактна особа відправника не існує', ru: 'Контактное лицо отправителя не существует' },
  '20000300402': {
    en: 'ContactSender does not belong to this Sender',
    uk: 'Контактна особа не належить цьому відправнику',
    ru: 'Контактное лицо не принадлежит этому отправителю',
  },
  '20000300404': {
    en: 'ContactSender is incorrect',
    uk: 'Контактну особу відправника вказано некоректно',
    ru: 'Контактное лицо отправителя указано некорректно',
  },
  '20000300445': { en: 'SendersPhone is empty', uk: 'Телефон відправника не вказано', ru: 'Телефон отправителя не указан' },
  '20000300444': { en: 'SendersPhone invalid format', uk: 'Телефон відправника у невірному форматі', ru: 'Телефон отправителя в неверном формате' },
  '20000201572': {
    en: "Sender's contact person is not full! You must specify the Sender completely. This contact person will receive a money transfer.",
    uk: 'Контактна особа відправника заповнена не повністю (вона отримує грошовий переказ)',
    ru: 'Контактное лицо отправителя заполнено не полностью (оно получает денежный перевод)',
  },

  // ---- Recipient (InternetDocument.save) -----------------------------------------------------
  '20000300431': { en: 'Recipient not selected', uk: 'Одержувача не обрано', ru: 'Получатель не выбран' },
  '20000300428': { en: 'Recipient does not exists', uk: 'Одержувач не існує', ru: 'Получатель не существует' },
  '20000300427': {
    en: 'Recipient does not belong to this User',
    uk: 'Одержувач не належить цьому користувачу (ключу API)',
    ru: 'Получатель не принадлежит этому пользователю (ключу API)',
  },
  '20000300429': { en: 'Recipient is incorrect', uk: 'Одержувача вказано некоректно', ru: 'Получатель указан некорректно' },
  '20000300401': { en: 'ContactRecipient not selected', uk: 'Контактну особу одержувача не обрано', ru: 'Контактное лицо получателя не выбрано' },
  '20000300398': { en: 'ContactRecipient does not exists', uk: 'Контактна особа одержувача не існує', ru: 'Контактное лицо получателя не существует' },
  '20000300397': {
    en: 'ContactRecipient does not belong to this Recipient',
    uk: 'Контактна особа не належить цьому одержувачу',
    ru: 'Контактное лицо не принадлежит этому получателю',
  },
  '20000300399': {
    en: 'ContactRecipient is incorrect',
    uk: 'Контактну особу одержувача вказано некоректно',
    ru: 'Контактное лицо получателя указано некорректно',
  },
  '20000200104': { en: 'CityRecipient not selected', uk: 'Місто одержувача не обрано', ru: 'Город получателя не выбран' },
  '20000200103': { en: 'CityRecipient not found', uk: 'Місто одержувача не знайдено', ru: 'Город получателя не найден' },
  '20000200102': { en: 'CityRecipient incorrect', uk: 'Місто одержувача вказано некоректно', ru: 'Город получателя указан некорректно' },
  '20000200268': {
    en: 'RecipientAddress not selected',
    uk: 'Адресу одержувача (відділення або адресу) не обрано',
    ru: 'Адрес получателя (отделение или адрес) не выбран',
  },
  '20000200265': { en: 'RecipientAddress does not exists', uk: 'Адреса одержувача не існує', ru: 'Адрес получателя не существует' },
  '20000200264': {
    en: 'RecipientAddress does not belong to this Recipient',
    uk: 'Адреса не належить цьому одержувачу',
    ru: 'Адрес не принадлежит этому получателю',
  },
  '20000200266': {
    en: 'RecipientAddress is incorrect',
    uk: 'Адресу одержувача вказано некоректно (не в місті одержувача?)',
    ru: 'Адрес получателя указан некорректно (не в городе получателя?)',
  },
  '20000200267': { en: 'RecipientAddress is removed', uk: 'Адресу одержувача видалено', ru: 'Адрес получателя удалён' },
  '20000201797': {
    en: 'RecipientAddress temporary unavailable',
    uk: 'Відділення або поштомат одержувача тимчасово недоступні',
    ru: 'Отделение или почтомат получателя временно недоступны',
  },
  '20000300435': { en: 'RecipientsPhone is empty', uk: 'Телефон одержувача не вказано', ru: 'Телефон получателя не указан' },
  '20000300434': { en: 'RecipientsPhone invalid format', uk: 'Телефон одержувача у невірному форматі', ru: 'Телефон получателя в неверном формате' },
  '20000201598': { en: 'Recipient contact name is not full', uk: 'ПІБ одержувача заповнено не повністю', ru: 'ФИО получателя заполнено не полностью' },
  '20000201774': {
    en: 'ContactRecipient To Doors must be full',
    uk: 'Для адресної доставки ПІБ одержувача має бути повним',
    ru: 'Для адресной доставки ФИО получателя должно быть полным',
  },
  '20000201765': {
    en: 'Contact Recipient contains repeated words',
    uk: 'ПІБ одержувача містить повторювані слова',
    ru: 'ФИО получателя содержит повторяющиеся слова',
  },

  // ---- The parcel (InternetDocument.save) ----------------------------------------------------
  '20000200247': { en: 'Payer type not selected', uk: 'Платника за доставку не обрано', ru: 'Плательщик за доставку не выбран' },
  '20000301244': { en: 'PayerType is incorrect', uk: 'Платника за доставку вказано невірно', ru: 'Плательщик за доставку указан неверно' },
  '20000200248': { en: 'Payment method not selected', uk: 'Спосіб оплати не обрано', ru: 'Способ оплаты не выбран' },
  '20000200250': { en: 'PaymentMethod is empty', uk: 'Спосіб оплати не вказано', ru: 'Способ оплаты не указан' },
  '20000200251': { en: 'PaymentMethod is incorrect', uk: 'Спосіб оплати вказано некоректно', ru: 'Способ оплаты указан некорректно' },
  '20000200249': { en: 'Payment NonCash is unavailable', uk: 'Безготівковий розрахунок недоступний', ru: 'Безналичный расчёт недоступен' },
  '20000200145': { en: 'DateTime is empty', uk: 'Дату відправлення не вказано', ru: 'Дата отправки не указана' },
  '20000400456': {
    en: 'DateTime is invalid format',
    uk: 'Дата відправлення у невірному форматі (дд.мм.рррр)',
    ru: 'Дата отправки в неверном формате (дд.мм.гггг)',
  },
  '20000400455': {
    en: 'DateTime cannot be less then now',
    uk: 'Дата відправлення не може бути раніше сьогоднішньої',
    ru: 'Дата отправки не может быть раньше сегодняшней',
  },
  '20000200099': { en: 'CargoType not selected', uk: 'Тип вантажу не обрано', ru: 'Тип груза не выбран' },
  '20000200184': { en: 'Incorrect CargoType', uk: 'Тип вантажу вказано некоректно', ru: 'Тип груза указан некорректно' },
  '20000400503': { en: 'Weight is empty', uk: 'Вагу не вказано', ru: 'Вес не указан' },
  '20000200373': { en: 'Weight is invalid', uk: 'Вагу вказано некоректно', ru: 'Вес указан некорректно' },
  '20000200375': { en: 'Weight is too high', uk: 'Вага занадто велика', ru: 'Вес слишком большой' },
  '20000200380': { en: 'Weight is too high for this postomat', uk: 'Вага занадто велика для цього поштомату', ru: 'Вес слишком большой для этого почтомата' },
  '20000201504': { en: 'Warehouse max allowed weight: 30', uk: 'Максимальна вага для відділення: 30 кг', ru: 'Максимальный вес для отделения: 30 кг' },
  '20000201161': {
    en: 'Warehouse max allowed VolumeWeight: 30',
    uk: "Максимальна об'ємна вага для відділення: 30 кг",
    ru: 'Максимальный объёмный вес для отделения: 30 кг',
  },
  '20000200347': { en: 'ServiceType is empty', uk: 'Тип доставки не вказано', ru: 'Тип доставки не указан' },
  '20000200348': { en: 'ServiceType is incorrect', uk: 'Тип доставки вказано невірно', ru: 'Тип доставки указан неверно' },
  '20000200313': { en: 'SeatsAmount empty', uk: 'Кількість місць не вказано', ru: 'Количество мест не указано' },
  '20000200314': { en: 'SeatsAmount is invalid', uk: 'Кількість місць вказано некоректно', ru: 'Количество мест указано некорректно' },
  '20000200150': { en: 'Description empty', uk: 'Опис відправлення відсутній', ru: 'Описание отправления отсутствует' },
  '20000200151': { en: 'Description is not valid', uk: 'Опис відправлення недійсний', ru: 'Описание отправления недействительно' },
  '20000200152': { en: 'Description too long', uk: 'Опис відправлення занадто довгий', ru: 'Описание отправления слишком длинное' },
  '20000400452': { en: 'Cost is empty', uk: 'Оголошену вартість не вказано', ru: 'Объявленная стоимость не указана' },
  '20000200118': { en: 'Cost is invalid', uk: 'Оголошену вартість вказано некоректно', ru: 'Объявленная стоимость указана некорректно' },
  '20000200119': { en: 'Cost is too high', uk: 'Оголошена вартість занадто велика', ru: 'Объявленная стоимость слишком большая' },
  '20000200226': { en: 'OptionsSeat is empty', uk: 'Параметри місць (габарити) не вказано', ru: 'Параметры мест (габариты) не указаны' },

  // ---- Cash on delivery (BackwardDeliveryData) -----------------------------------------------
  '20000200086': { en: 'BackwardDeliveryData must be array', uk: 'Зворотна доставка має бути масивом', ru: 'Обратная доставка должна быть массивом' },
  '20000200070': { en: 'Array of BackwardDeliveryData is invalid', uk: 'Дані зворотної доставки недійсні', ru: 'Данные обратной доставки недействительны' },
  '20000200075': {
    en: 'BackwardDelivery CargoType is incorrect',
    uk: 'Тип зворотної доставки вказано некоректно',
    ru: 'Тип обратной доставки указан некорректно',
  },
  '20000200085': {
    en: 'BackwardDelivery PayerType is incorrect',
    uk: 'Платника зворотної доставки вказано невірно',
    ru: 'Плательщик обратной доставки указан неверно',
  },
  '20000200079': {
    en: 'BackwardDelivery Money RedeliveryString is not valid',
    uk: 'Сума післяплати недійсна',
    ru: 'Сумма наложенного платежа недействительна',
  },
  '20000200080': {
    en: 'BackwardDelivery Money RedeliveryString must not be less than 1',
    uk: 'Сума післяплати не може бути меншою за 1 грн',
    ru: 'Сумма наложенного платежа не может быть меньше 1 грн',
  },
  '20000200074': { en: 'Backward Delivery Money is too high', uk: 'Сума післяплати перевищує ліміт', ru: 'Сумма наложенного платежа превышает лимит' },
  '20000200078': {
    en: 'BackwardDelivery Money is unavailable in selected CityRecipient',
    uk: 'Післяплата недоступна в місті одержувача',
    ru: 'Наложенный платёж недоступен в городе получателя',
  },
  '20000200082': {
    en: 'BackwardDelivery Money to WarehouseDoors is too high',
    uk: 'Сума післяплати для адресної доставки занадто велика',
    ru: 'Сумма наложенного платежа для адресной доставки слишком большая',
  },
  '20000201591': {
    en: 'BackwardDelivery PayerType for DoorsDoors cannot be Recipient',
    uk: 'Для доставки двері-двері одержувач не може платити за зворотну доставку',
    ru: 'При доставке двери-двери получатель не может платить за обратную доставку',
  },
  '20000201592': {
    en: 'BackwardDelivery PayerType for WarehouseDoors cannot be Recipient',
    uk: 'Для адресної доставки одержувач не може платити за зворотну доставку',
    ru: 'При адресной доставке получатель не может платить за обратную доставку',
  },

  // ---- Counterparty.save, ContactPerson, Address.save ----------------------------------------
  '20000100516': { en: 'CounterpartyType is not specified', uk: 'Тип контрагента не вказано', ru: 'Тип контрагента не указан' },
  '20000100515': { en: 'CounterpartyType is incorrect', uk: 'Тип контрагента вказано некоректно', ru: 'Тип контрагента указан некорректно' },
  '20000200131': { en: 'Counterparty creation problem', uk: 'Не вдалося створити контрагента', ru: 'Не удалось создать контрагента' },
  '20000400454': { en: 'Counterparty not found', uk: 'Контрагента не знайдено', ru: 'Контрагент не найден' },
  '20000800728': { en: 'CounterpartyRef is not specified', uk: 'Ідентифікатор контрагента не вказано', ru: 'Идентификатор контрагента не указан' },
  '20000300436': { en: 'Ref is invalid', uk: 'Ідентифікатор (Ref) вказано некоректно', ru: 'Идентификатор (Ref) указан некорректно' },
  '20000400474': { en: 'Page is not specified', uk: 'Номер сторінки не вказано', ru: 'Номер страницы не указан' },
  '20000100527': { en: 'FirstName is not specified', uk: "Ім'я не вказано", ru: 'Имя не указано' },
  '20000100526': { en: 'FirstName has invalid characters', uk: "Ім'я містить неприпустимі символи", ru: 'Имя содержит недопустимые символы' },
  '20000100528': { en: 'FirstName too long', uk: "Ім'я занадто довге", ru: 'Имя слишком длинное' },
  '20000100533': { en: 'LastName is not specified', uk: 'Прізвище не вказано', ru: 'Фамилия не указана' },
  '20000100532': { en: 'LastName has invalid characters', uk: 'Прізвище містить неприпустимі символи', ru: 'Фамилия содержит недопустимые символы' },
  '20000100534': { en: 'LastName too long', uk: 'Прізвище занадто довге', ru: 'Фамилия слишком длинная' },
  '20000900763': { en: 'MiddleName has invalid characters', uk: 'По батькові містить неприпустимі символи', ru: 'Отчество содержит недопустимые символы' },
  '20000900764': { en: 'MiddleName too long', uk: 'По батькові занадто довге', ru: 'Отчество слишком длинное' },
  '20000100553': { en: 'Phone is empty', uk: 'Телефон не вказано', ru: 'Телефон не указан' },
  '20000100552': { en: 'Phone invalid format', uk: 'Невірний формат номера телефону', ru: 'Неверный формат номера телефона' },
  '20000100520': { en: 'Email invalid format', uk: 'Електронна пошта у невірному форматі', ru: 'Электронная почта в неверном формате' },
  '20000500639': { en: 'StreetRef is not specified', uk: 'Вулицю не вказано', ru: 'Улица не указана' },
  '20000500624': { en: 'BuildingNumber is not specified', uk: 'Номер будинку не вказано', ru: 'Номер дома не указан' },
  '20001500982': {
    en: 'Error save Counterparty address for counterparty',
    uk: 'Не вдалося зберегти адресу контрагента',
    ru: 'Не удалось сохранить адрес контрагента',
  },

  // ---- Deleting and tracking -----------------------------------------------------------------
  '20000300415': { en: 'Document not found', uk: 'Документ не знайдено', ru: 'Документ не найден' },
  '20000200205': { en: 'InternetDocument not found', uk: 'Накладну не знайдено', ru: 'Накладная не найдена' },
  '20000301254': { en: 'Document does not belong to this user', uk: 'Ви не є відправником цієї накладної', ru: 'Вы не являетесь отправителем этой накладной' },
  '20000201173': {
    en: 'No document changed DeletionMark',
    uk: 'Накладну не видалено (відправлення вже в дорозі?)',
    ru: 'Накладная не удалена (отправление уже в пути?)',
  },
  // Recorded live (weblabllc/delivery-core test/fixtures/novaposhta/internet-document-delete-invalid-ref.json): a DocumentRefs that is no ref.
  '20000200564': {
    en: 'There are only invalid DocumentBarcodes and/or DocumentRefs',
    uk: 'Ідентифікатори накладних недійсні',
    ru: 'Идентификаторы накладных недействительны',
  },
  '20000200307': { en: 'Refs is undefined', uk: 'Ідентифікатори документів не вказано', ru: 'Идентификаторы документов не указаны' },
  '20000200159': { en: 'Documents must be array', uk: 'Список документів має бути масивом', ru: 'Список документов должен быть массивом' },
  '20000200157': { en: 'Document number empty', uk: 'Номер документа не заповнено', ru: 'Номер документа не заполнен' },

  // ---- General -------------------------------------------------------------------------------
  '20000100008': {
    en: 'An unknown error occurred. Try again later.',
    uk: 'Невідома помилка Нової Пошти. Спробуйте пізніше',
    ru: 'Неизвестная ошибка Новой Почты. Попробуйте позже',
  },
  '20000100016': { en: 'Service Unavailable', uk: 'Сервіс Нової Пошти недоступний', ru: 'Сервис Новой Почты недоступен' },
  '20001400980': { en: 'Unknown error', uk: 'Сервіс Нової Пошти тимчасово недоступний', ru: 'Сервис Новой Почты временно недоступен' },
} as const satisfies Record<string, NpErrorText>;

/** A code in the table (the emulator answers only these, so a typo is a compile error). */
export type NpErrorCode = keyof typeof TABLE;

/** Code -> texts; any string may be looked up (a code NP did not publish here gives undefined). */
export const NP_ERRORS: Readonly<Record<string, NpErrorText | undefined>> & typeof TABLE = TABLE;

/** NP's text of a code (what NP answers in `errors`); throws on a code not in the table (a bug in the caller). */
export function npErrorText(code: string): string {
  const e = NP_ERRORS[code];
  if (!e) throw new Error(`unknown Nova Poshta error code ${code}`);
  return e.en;
}

/** The operator's text of an NP code in `lang`, or undefined for a code NP did not publish here. */
export function npErrorMessage(code: string, lang: 'uk' | 'ru'): string | undefined {
  return NP_ERRORS[code]?.[lang];
}
