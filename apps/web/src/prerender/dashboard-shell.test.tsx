// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PRERENDERED_ATTRIBUTE } from '@drop/shared';
import { renderDashboardShell } from './dashboard-shell.tsx';

describe("renderDashboardShell (build-time HTML of the dashboard's phone shell)", () => {
  const shell = renderDashboardShell();

  it('renders the phone bars in Ukrainian with real links, the page loading, and no script', () => {
    expect(shell.html.startsWith(`<div ${PRERENDERED_ATTRIBUTE}=""`)).toBe(true);
    expect(shell.html).toContain('aria-label="Відкрити меню"');
    expect(shell.html).toContain('placeholder="Пошук товарів…"');
    expect(shell.html).toContain('aria-label="Кошик"');
    expect(shell.html).toContain('aria-label="Завантаження…"');
    for (const [href, label] of [
      ['/dashboard/profile', 'Профіль'],
      ['/dashboard/catalog', 'Каталог'],
      ['/dashboard/orders', 'Замовлення'],
      ['/dashboard/favorites', 'Обрані'],
    ]) {
      expect(shell.html).toMatch(new RegExp(`href="${href}"[^>]*>(?:(?!</a>).)*>${label}</span></a>`));
    }
    // No page is the current one: the same HTML serves every dashboard page.
    expect(shell.html).not.toContain('Mui-selected');
    expect(shell.html).not.toMatch(/<script/i);
  });

  it('leaves the test ids to the app: the preview does nothing until the app has rendered', () => {
    expect(shell.html).not.toContain('data-testid');
  });

  it("is hidden from lg up (the desktop shell shows the user's name and balance), with a rule for every class it uses", () => {
    const top = /^<div [^>]*class="([^"]*)"/
      .exec(shell.html)![1]!
      .split(' ')
      .find((c) => c.startsWith('css-'))!;
    expect(shell.styles).toMatch(new RegExp(`@media \\(min-width:1280px\\)\\{\\.${top}\\{display:none;\\}\\}`));
    const used = new Set([...shell.html.matchAll(/ class="([^"]*)"/g)].flatMap((m) => m[1]!.split(' ')).filter((c) => c.startsWith('css-')));
    expect(used.size).toBeGreaterThan(15);
    for (const name of used) expect(shell.styles).toContain(`.${name}{`);
  });
});
