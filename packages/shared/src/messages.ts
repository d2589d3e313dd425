import type { Locale } from './locale.ts';

/**
 * Server-side and validation messages in both languages. Zod schemas in this package use
 * these keys as their messages; the API translates them for the request's language.
 */
export const messages = {
  required: { uk: "Поле обов'язкове для заповнення", ru: 'Поле обязательно для заполнения' },
  invalid_type: { uk: 'Невірний формат значення', ru: 'Неверный формат значения' },
  invalid_email: { uk: 'Введіть коректну адресу e-mail', ru: 'Введите корректный адрес e-mail' },
  invalid_phone: { uk: 'Введіть номер у форматі +38 (0XX) XXX-XX-XX', ru: 'Введите номер в формате +38 (0XX) XXX-XX-XX' },
  too_short: { uk: 'Мінімальна довжина: {min} символів', ru: 'Минимальная длина: {min} символов' },
  too_long: { uk: 'Максимальна довжина: {max} символів', ru: 'Максимальная длина: {max} символов' },
  too_small: { uk: 'Значення має бути не менше {min}', ru: 'Значение должно быть не меньше {min}' },
  too_big: { uk: 'Значення має бути не більше {max}', ru: 'Значение должно быть не больше {max}' },
  unknown_field: { uk: 'Невідоме поле', ru: 'Неизвестное поле' },
  invalid_value: { uk: 'Недопустиме значення', ru: 'Недопустимое значение' },
  password_mismatch: { uk: 'Паролі не збігаються', ru: 'Пароли не совпадают' },
  code_format: { uk: 'Код складається з 6 цифр', ru: 'Код состоит из 6 цифр' },
  email_taken: { uk: 'Цей e-mail вже зареєстровано', ru: 'Этот e-mail уже зарегистрирован' },
  bad_credentials: { uk: 'Невірний e-mail або пароль', ru: 'Неверный e-mail или пароль' },
  bad_code: { uk: 'Помилка! Ви ввели невірний код', ru: 'Ошибка! Вы ввели неверный код' },
  bad_old_password: { uk: 'Поточний пароль вказано невірно', ru: 'Текущий пароль указан неверно' },
  user_not_found: { uk: 'Користувача з таким e-mail не знайдено', ru: 'Пользователь с таким e-mail не найден' },
  account_blocked: { uk: 'Обліковий запис заблоковано', ru: 'Учётная запись заблокирована' },
  not_confirmed: { uk: 'E-mail ще не підтверджено: введіть код з листа', ru: 'E-mail ещё не подтверждён: введите код из письма' },
  data_incorrect: { uk: 'Введено некоректні дані', ru: 'Введены некорректные данные' },
  too_many_attempts: { uk: 'Забагато спроб. Спробуйте пізніше', ru: 'Слишком много попыток. Попробуйте позже' },
  code_recently_sent: { uk: 'Новий код можна отримати через хвилину', ru: 'Новый код можно получить через минуту' },
  unauthenticated: { uk: 'Потрібно увійти до системи', ru: 'Необходимо войти в систему' },
  forbidden: { uk: 'Недостатньо прав', ru: 'Недостаточно прав' },
  not_found: { uk: 'Не знайдено', ru: 'Не найдено' },
  bad_request: { uk: 'Некоректний запит', ru: 'Некорректный запрос' },
  payload_too_large: { uk: 'Запит завеликий', ru: 'Слишком большой запрос' },
  price_range: { uk: 'Ціна «до» має бути не менше ціни «від»', ru: 'Цена «до» должна быть не меньше цены «от»' },
  category_not_found: { uk: 'Категорію не знайдено', ru: 'Категория не найдена' },
  product_not_found: { uk: 'Товар не знайдено', ru: 'Товар не найден' },
  date_range: { uk: 'Дата «по» має бути не раніше дати «з»', ru: 'Дата «по» должна быть не раньше даты «с»' },
  amount_positive: { uk: 'Сума має бути більше 0', ru: 'Сумма должна быть больше 0' },
  invalid_card: { uk: 'Невірний номер картки', ru: 'Неверный номер карты' },
  insufficient_balance: { uk: 'Недостатньо коштів на балансі', ru: 'Недостаточно средств на балансе' },
  not_a_receipt: { uk: 'Завантажте зображення (JPG, PNG, WebP, HEIC) або PDF', ru: 'Загрузите изображение (JPG, PNG, WebP, HEIC) или PDF' },
  file_too_large: { uk: 'Файл завеликий: не більше {max} МБ', ru: 'Файл слишком большой: не более {max} МБ' },
  file_required: { uk: 'Додайте файл', ru: 'Добавьте файл' },
  document_not_found: { uk: 'Квитанцію не знайдено', ru: 'Квитанция не найдена' },
  document_used: { uk: 'Ця квитанція вже використана', ru: 'Эта квитанция уже использована' },
  reason_required: { uk: 'Вкажіть причину', ru: 'Укажите причину' },
  transition_not_allowed: { uk: 'Цю дію вже не можна виконати', ru: 'Это действие уже невозможно выполнить' },
  payment_sent: { uk: 'Запит на поповнення надіслано. Зазвичай кошти зараховуються протягом 24 годин', ru: 'Запрос на пополнение отправлен. Обычно средства зачисляются в течение 24 часов' },
  price_less_drop: { uk: 'Ціна продажу не може бути нижчою за дроп-ціну', ru: 'Цена продажи не может быть ниже дроп-цены' },
  price_less_recommended: { uk: 'Ціна продажу не може бути нижчою за рекомендовану роздрібну ціну', ru: 'Цена продажи не может быть ниже рекомендованной розничной цены' },
  quantity_less_remains: { uk: 'Кількість перевищує залишок на складі', ru: 'Количество превышает остаток на складе' },
  cart_full: { uk: 'У кошику забагато позицій', ru: 'В корзине слишком много позиций' },
  carrier_unavailable: { uk: 'Служба доставки тимчасово недоступна. Спробуйте ще раз за хвилину', ru: 'Служба доставки временно недоступна. Попробуйте ещё раз через минуту' },
  cart_empty: { uk: 'Кошик порожній', ru: 'Корзина пуста' },
  big_prepayment: { uk: 'Передоплата не може бути більшою за суму замовлення', ru: 'Предоплата не может быть больше суммы заказа' },
  server_error: { uk: 'Внутрішня помилка сервера. Спробуйте пізніше', ru: 'Внутренняя ошибка сервера. Попробуйте позже' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof messages;

export const isMessageKey = (k: string): k is MessageKey => Object.prototype.hasOwnProperty.call(messages, k);

export function translate(key: MessageKey, locale: Locale, params: Record<string, string | number> = {}): string {
  let s: string = messages[key][locale];
  for (const [k, v] of Object.entries(params)) s = s.replace(`{${k}}`, String(v));
  return s;
}
