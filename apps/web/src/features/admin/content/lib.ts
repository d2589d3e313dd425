/**
 * Content helpers: changelog dates (the setting keys them dd/mm/yyyy; the date input wants
 * yyyy-mm-dd), the legal HTML as plain text blocks for previews (parsed, never injected), and the
 * 422 field errors of `PUT /admin/settings/{key}` (`uk.0.question`) as form paths.
 */
export const toIsoDate = (key: string): string => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(key);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
};
export const fromIsoDate = (iso: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
};

export interface TextBlock {
  kind: 'heading' | 'item' | 'paragraph';
  text: string;
}

const HEADINGS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6']);
const BLOCKS = new Set(['P', 'DIV', 'SECTION', 'ARTICLE', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'TABLE', 'TBODY', 'TR', ...HEADINGS]);

/** The HTML's text as headings, list items and paragraphs. Scripts and styles are dropped; nothing is executed. */
export function htmlToBlocks(html: string): TextBlock[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const out: TextBlock[] = [];
  const push = (kind: TextBlock['kind'], text: string) => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (clean) out.push({ kind, text: clean });
  };
  const walk = (el: Element) => {
    let inline = '';
    for (const node of Array.from(el.childNodes)) {
      if (node.nodeType === 3) inline += node.textContent ?? '';
      else if (node.nodeType === 1) {
        const child = node as Element;
        if (child.tagName === 'SCRIPT' || child.tagName === 'STYLE' || child.tagName === 'TEMPLATE') continue;
        if (child.tagName === 'BR') inline += ' ';
        else if (BLOCKS.has(child.tagName)) {
          push('paragraph', inline);
          inline = '';
          if (HEADINGS.has(child.tagName)) push('heading', child.textContent ?? '');
          else if (child.tagName === 'LI') push('item', child.textContent ?? '');
          else walk(child);
        } else inline += child.textContent ?? '';
      }
    }
    push('paragraph', inline);
  };
  walk(doc.body);
  return out;
}

/** `uk.3.question` -> { lang: 'uk', path: ['3', 'question'] }. */
export function splitSettingError(key: string): { lang: 'uk' | 'ru'; path: string[] } | null {
  const [lang, ...path] = key.split('.');
  return lang === 'uk' || lang === 'ru' ? { lang, path } : null;
}

/** Today as DD.MM.YYYY (the legal texts' "updated" date). */
export function todayDots(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(now.getDate())}.${p(now.getMonth() + 1)}.${now.getFullYear()}`;
}
