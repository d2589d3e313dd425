import type { Locale } from '@drop/shared';

/**
 * A sum of kopecks in words as invoices write it: "Одна тисяча двісті тридцять чотири гривні
 * 56 копійок" (uk), "Одна тысяча двести тридцать четыре гривны 56 копеек" (ru). Hryvnias in
 * words, kopecks in two digits, each with its plural form; up to 999 999 999 999 hryvnias.
 */
type Forms = [one: string, few: string, many: string];
interface Words {
  ones: [male: string[], female: string[]];
  teens: string[];
  tens: string[];
  hundreds: string[];
  zero: string;
  /** The scale words (thousands are female, millions and billions male) and the currency. */
  thousand: Forms;
  million: Forms;
  billion: Forms;
  hryvnia: Forms;
  kopeck: Forms;
}

const UK: Words = {
  ones: [
    ['', 'один', 'два', 'три', 'чотири', "п'ять", 'шість', 'сім', 'вісім', "дев'ять"],
    ['', 'одна', 'дві', 'три', 'чотири', "п'ять", 'шість', 'сім', 'вісім', "дев'ять"],
  ],
  teens: ['десять', 'одинадцять', 'дванадцять', 'тринадцять', 'чотирнадцять', "п'ятнадцять", 'шістнадцять', 'сімнадцять', 'вісімнадцять', "дев'ятнадцять"],
  tens: ['', '', 'двадцять', 'тридцять', 'сорок', "п'ятдесят", 'шістдесят', 'сімдесят', 'вісімдесят', "дев'яносто"],
  hundreds: ['', 'сто', 'двісті', 'триста', 'чотириста', "п'ятсот", 'шістсот', 'сімсот', 'вісімсот', "дев'ятсот"],
  zero: 'нуль',
  thousand: ['тисяча', 'тисячі', 'тисяч'],
  million: ['мільйон', 'мільйони', 'мільйонів'],
  billion: ['мільярд', 'мільярди', 'мільярдів'],
  hryvnia: ['гривня', 'гривні', 'гривень'],
  kopeck: ['копійка', 'копійки', 'копійок'],
};

const RU: Words = {
  ones: [
    ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
    ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
  ],
  teens: ['десять', 'одиннадцать', 'двенадцать', 'тринадцать', 'четырнадцать', 'пятнадцать', 'шестнадцать', 'семнадцать', 'восемнадцать', 'девятнадцать'],
  tens: ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто'],
  hundreds: ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот'],
  zero: 'ноль',
  thousand: ['тысяча', 'тысячи', 'тысяч'],
  million: ['миллион', 'миллиона', 'миллионов'],
  billion: ['миллиард', 'миллиарда', 'миллиардов'],
  hryvnia: ['гривна', 'гривны', 'гривен'],
  kopeck: ['копейка', 'копейки', 'копеек'],
};

/** The plural form for n: 1, 21 -> one; 2-4, 22-24 -> few; 0, 5-20, 25 -> many. */
export function pluralForm(n: number, forms: Forms): string {
  const d = n % 10;
  const dd = n % 100;
  if (dd >= 11 && dd <= 19) return forms[2];
  if (d === 1) return forms[0];
  if (d >= 2 && d <= 4) return forms[1];
  return forms[2];
}

function triad(n: number, female: boolean, w: Words): string[] {
  const out: string[] = [];
  const h = Math.floor(n / 100);
  const rest = n % 100;
  if (h) out.push(w.hundreds[h]!);
  if (rest >= 10 && rest <= 19) out.push(w.teens[rest - 10]!);
  else {
    const t = Math.floor(rest / 10);
    const o = rest % 10;
    if (t) out.push(w.tens[t]!);
    if (o) out.push(w.ones[female ? 1 : 0][o]!);
  }
  return out;
}

/** Whole hryvnias in words (female: гривня/гривна), lower case. */
export function hryvniasInWords(uah: number, locale: Locale): string {
  const w = locale === 'ru' ? RU : UK;
  if (!Number.isInteger(uah) || uah < 0 || uah > 999_999_999_999) throw new RangeError(`out of range: ${uah}`);
  if (uah === 0) return w.zero;
  const parts: string[] = [];
  const scales: [number, Forms, boolean][] = [
    [1_000_000_000, w.billion, false],
    [1_000_000, w.million, false],
    [1_000, w.thousand, true],
  ];
  let rest = uah;
  for (const [size, forms, female] of scales) {
    const k = Math.floor(rest / size);
    rest %= size;
    if (k) parts.push(...triad(k, female, w), pluralForm(k, forms));
  }
  if (rest) parts.push(...triad(rest, true, w));
  return parts.join(' ');
}

/** The invoice's "sum in words" line: hryvnias in words (capitalised), kopecks in digits. */
export function amountInWords(kop: number, locale: Locale): string {
  if (!Number.isInteger(kop) || kop < 0) throw new RangeError(`not kopecks: ${kop}`);
  const w = locale === 'ru' ? RU : UK;
  const uah = Math.floor(kop / 100);
  const k = kop % 100;
  const words = hryvniasInWords(uah, locale);
  return `${words[0]!.toUpperCase()}${words.slice(1)} ${pluralForm(uah, w.hryvnia)} ${String(k).padStart(2, '0')} ${pluralForm(k, w.kopeck)}`;
}
