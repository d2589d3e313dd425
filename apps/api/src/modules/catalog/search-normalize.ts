/**
 * One normal form for catalogue text and search queries, so that Ukrainian, Russian and Latin
 * spellings meet: lower case, Cyrillic transliterated to a phonetic Latin form that merges the
 * Ukrainian and Russian letters (і/и/ы → i, е/є/э → e, г/ґ → g), Latin letters folded the same
 * way (y → i, w → v, q → k, x → ks, c → k), doubled letters collapsed, anything else a space.
 * 'Самсунг' and 'Samsung' both become 'samsung'; 'чохол' and 'чехол' differ by one letter,
 * which the trigram dictionary bridges.
 */
const CYR: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
};
const LAT: Record<string, string> = { y: 'i', w: 'v', q: 'k', x: 'ks', c: 'k', j: 'zh' };
const APOSTROPHES = /['’ʼ`´]/g;

function foldWord(word: string): string {
  let out = '';
  for (const ch of word) {
    const m = CYR[ch] ?? LAT[ch] ?? ch;
    out += m;
  }
  // 'ph' -> 'f' (Philips / Філіпс), 'ck' -> 'k', 'kh' -> 'h' (х transliterated variants).
  out = out.replace(/ph/g, 'f').replace(/kh/g, 'h');
  // Collapse doubled letters (Apple/Епл, Hoco/Хоко stay close).
  return out.replace(/([a-z])\1+/g, '$1');
}

/** Normalised words of a text (letters and digits; digits kept as they are). */
export function normalizeWords(text: string): string[] {
  const lower = text.toLowerCase().replace(APOSTROPHES, '');
  const parts = lower.split(/[^\p{L}\p{N}]+/u);
  const words: string[] = [];
  for (const part of parts) {
    if (!part) continue;
    // Split letter/digit boundaries: 'a54' -> 'a', '54'? Keep model codes whole but also add pieces.
    const folded = foldWord(part).replace(/[^a-z0-9]/g, '');
    if (folded) words.push(folded);
  }
  return words;
}

/** The search_text column: distinct normalised words of every given text. */
export function searchText(...texts: (string | null | undefined)[]): string {
  const seen = new Set<string>();
  for (const t of texts) if (t) for (const w of normalizeWords(t)) seen.add(w);
  return [...seen].join(' ');
}
