// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PRERENDERED_ATTRIBUTE } from '@drop/shared';
import { renderLanding } from './landing.tsx';

describe('renderLanding (build-time HTML of the landing page)', () => {
  const page = renderLanding();

  it('renders the whole page in Ukrainian, its top element marked, with no script', () => {
    expect(page.html.startsWith(`<div ${PRERENDERED_ATTRIBUTE}=""`)).toBe(true);
    expect(page.html).toContain('Продавайте тисячі товарів без власного складу');
    for (const id of ['landing-hero', 'landing-benefits', 'landing-howto', 'landing-promo', 'landing-faq', 'landing-contacts', 'landing-footer']) {
      expect(page.html).toContain(`data-testid="${id}"`);
    }
    // The first visit's state: the FAQ is loading, and the links are real links.
    expect(page.html).toContain('Завантаження запитань…');
    expect(page.html).toContain('href="/register"');
    expect(page.html).not.toMatch(/<script/i);
  });

  it('carries a rule for every emotion class it uses, in tags emotion adopts (key css)', () => {
    const classes = [...page.html.matchAll(/ class="([^"]*)"/g)].flatMap((m) => m[1]!.split(' '));
    const used = new Set(classes.filter((c) => c.startsWith('css-')).map((c) => c.slice('css-'.length)));
    expect(used.size).toBeGreaterThan(50);
    const tags = [...page.styles.matchAll(/<style data-emotion="([^"]+)"[^>]*>/g)].map((m) => m[1]!.split(' '));
    const ids = new Set(tags.filter(([key]) => key === 'css').flatMap(([, ...names]) => names));
    expect([...used].filter((name) => !ids.has(name))).toEqual([]);
    for (const name of used) expect(page.styles).toContain(`.css-${name}{`);
    // CssBaseline's global rules come along.
    expect(tags.some(([key]) => key === 'css-global')).toBe(true);
    expect(page.styles).toContain('box-sizing:border-box');
  });

  it('moves what React hoists (the logo preload) out of the page', () => {
    expect(page.head).toContain('<link rel="preload" as="image" href="/images/logo.svg"/>');
    expect(page.html).not.toContain('<link');
  });
});
