import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { safeHtml } from './safe-html.tsx';

function html(source: string): string {
  const { container, unmount } = render(<>{safeHtml(source)}</>);
  const out = container.innerHTML;
  unmount();
  return out;
}

describe('safeHtml (the legal documents)', () => {
  it('keeps headings, paragraphs, lists, emphasis, tables and their text', () => {
    expect(html('<h3>1. Загальне</h3><p>Текст <b>жирний</b><br>рядок</p><ul>\n<li>a</li>\n</ul>')).toBe(
      '<h3>1. Загальне</h3><p>Текст <b>жирний</b><br>рядок</p><ul><li>a</li></ul>',
    );
    expect(html('<table>\n<tr>\n<td colspan="2" style="color:red">x</td>\n</tr></table>')).toBe(
      '<table><tbody><tr><td colspan="2">x</td></tr></tbody></table>',
    );
  });

  it('drops scripts, handlers, frames, forms, media and SVG; markup in text stays text', () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const out = html(
      '<p onclick="alert(1)" style="x">a<script>alert(1)</script></p><img src=x onerror=alert(1)>"><svg onload=alert(1)><circle/></svg>' +
        '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name=x></form><style>p{}</style>' +
        '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><custom-tag>kept text</custom-tag><!-- comment -->',
    );
    expect(out).toBe('<p>a</p>"&gt;<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>kept text');
    expect(alert).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('links keep only a safe address: http(s) in a new tab, mailto, tel, page-relative; javascript: and data: are dropped', () => {
    expect(html('<a href="https://drop.example/x" target="_top" onclick="x()">ok</a>')).toBe(
      '<a href="https://drop.example/x" target="_blank" rel="noopener noreferrer">ok</a>',
    );
    expect(html('<a href="mailto:a@b.c">m</a><a href="/privacy">p</a><a href="#s">s</a>')).toBe(
      '<a href="mailto:a@b.c">m</a><a href="/privacy">p</a><a href="#s">s</a>',
    );
    for (const bad of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example', 'vbscript:x']) {
      expect(html(`<a href="${bad}">x</a>`), bad).toBe('<a>x</a>');
    }
  });
});
