import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';

describe('document title follows the language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('uk');
  });

  it('is Ukrainian in uk and Russian in ru, with <html lang> and the meta description', async () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
    await i18n.changeLanguage('ru');
    expect(document.documentElement.lang).toBe('ru');
    expect(document.title).toBe('Drop — кабинет реселлера');
    expect(meta.getAttribute('content')).toContain('кабинет реселлера');
    await i18n.changeLanguage('uk');
    expect(document.title).toBe('Drop — кабінет реселера');
    expect(meta.getAttribute('content')).toContain('кабінет реселера');
    meta.remove();
  });
});
