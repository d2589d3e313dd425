import { createElement, Fragment, type ReactNode } from 'react';

/**
 * The legal documents (operator-edited HTML settings) rendered as React elements, never injected:
 * the HTML is parsed into an inert document (nothing in it runs or loads), then only text and a
 * short list of formatting elements are rebuilt. Every attribute is dropped except a link's
 * address (http, https, mailto, tel, or a page-relative one) and table cell spans. Scripts,
 * styles, frames, forms, media and SVG are dropped with their content; other unknown elements
 * keep only their text.
 */

const KEEP = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'blockquote',
  'code',
  'pre',
  'dl',
  'dt',
  'dd',
  'a',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'div',
  'span',
  'section',
  'article',
  'header',
  'footer',
]);
const DROP = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'img',
  'picture',
  'video',
  'audio',
  'source',
  'track',
  'canvas',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'link',
  'meta',
  'base',
  'title',
  'head',
]);
const VOID = new Set(['br', 'hr']);
/** Elements where React (and HTML) allow no text: whitespace between their rows and cells is dropped. */
const NO_TEXT = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr', 'ul', 'ol', 'dl']);
const SAFE_HREF = /^(https?:|mailto:|tel:|#|\/(?!\/))/i;

function convert(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (DROP.has(tag)) return null;
  const children = Array.from(el.childNodes, (child, i) =>
    NO_TEXT.has(tag) && child.nodeType === Node.TEXT_NODE && !child.textContent?.trim() ? null : convert(child, i),
  );
  if (!KEEP.has(tag)) return createElement(Fragment, { key }, ...children);
  const props: Record<string, unknown> = { key };
  if (tag === 'a') {
    const href = (el.getAttribute('href') ?? '').trim();
    if (SAFE_HREF.test(href)) {
      props.href = href;
      if (/^https?:/i.test(href)) {
        props.target = '_blank';
        props.rel = 'noopener noreferrer';
      }
    }
  }
  if (tag === 'td' || tag === 'th') {
    for (const [attr, prop] of [
      ['colspan', 'colSpan'],
      ['rowspan', 'rowSpan'],
    ] as const) {
      const n = Number(el.getAttribute(attr));
      if (Number.isInteger(n) && n > 1 && n <= 100) props[prop] = n;
    }
  }
  return VOID.has(tag) ? createElement(tag, props) : createElement(tag, props, ...children);
}

/** The HTML as React nodes: formatting and text only (see above). */
export function safeHtml(html: string): ReactNode {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(doc.body.childNodes, convert);
}
