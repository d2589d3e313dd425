import type { DeliveryStatus } from '@drop/shared';

/** Nova Poshta tracking status codes (TrackingDocument.getStatusDocuments `StatusCode`) and their texts. */
export const NP_STATUS_TEXT: Record<number, string> = {
  1: 'Відправник самостійно створив цю накладну, але ще не надав до відправки',
  2: 'Видалено',
  3: 'Номер не знайдено',
  4: 'Відправлення у місті відправника',
  41: 'Відправлення у місті відправника',
  5: 'Відправлення прямує до міста одержувача',
  6: 'Відправлення у місті одержувача, орієнтовна доставка до відділення',
  7: 'Прибув на відділення',
  8: 'Прибув на відділення (завантажено в поштомат)',
  9: 'Відправлення отримано',
  10: 'Відправлення отримано. Протягом доби ви одержите SMS-повідомлення про надходження грошового переказу',
  11: 'Відправлення отримано. Грошовий переказ видано одержувачу',
  12: 'Нова Пошта комплектує ваше відправлення',
  101: 'На шляху до одержувача',
  102: 'Відмова від отримання',
  103: 'Відмова одержувача',
  104: 'Змінено адресу',
  105: 'Припинено зберігання',
  106: 'Одержано і створено ЄН зворотньої доставки',
  108: 'Відмова одержувача',
  111: 'Невдала спроба доставки через відсутність одержувача',
  112: 'Дата доставки перенесена одержувачем',
};

/** The carrier holds the cash on delivery (the recipient has paid). */
export const NP_MONEY_CODES: readonly number[] = [10, 11];
/** The recipient has the parcel. */
export const NP_RECEIVED_CODES: readonly number[] = [9, 10, 11, 106];

const DELIVERY_OF_CODE: Record<number, DeliveryStatus> = {
  1: 'CreatedTTN',
  2: 'Deleted',
  4: 'Wait',
  41: 'Wait',
  12: 'Wait',
  5: 'OnMyWay',
  6: 'OnMyWay',
  7: 'OnMyWay',
  8: 'OnMyWay',
  101: 'OnMyWay',
  104: 'OnMyWay',
  111: 'OnMyWay',
  112: 'OnMyWay',
  9: 'Received',
  10: 'Received',
  11: 'Received',
  106: 'Received',
  102: 'Refusal',
  103: 'Refusal',
  105: 'Refusal',
  108: 'Refusal',
};

/** Our delivery status for an NP status code; null for 3 (not found) and codes we do not map. */
export function deliveryStatusOfNpCode(code: number): DeliveryStatus | null {
  return Object.hasOwn(DELIVERY_OF_CODE, code) ? DELIVERY_OF_CODE[code]! : null;
}
