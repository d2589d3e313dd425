import { describe, expect, it } from 'vitest';
import { PRERENDER_GATE_SCRIPT } from './prerender.ts';

/** Runs the gate as a browser would, with `stored` as the saved locale (or a storage that throws). */
function gate(stored: string | null | Error): string | null {
  const attributes = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => {
      if (stored instanceof Error) throw stored;
      return key === 'drop_locale' ? stored : null;
    },
  };
  const document = { documentElement: { setAttribute: (k: string, v: string) => attributes.set(k, v) } };
  new Function('localStorage', 'document', PRERENDER_GATE_SCRIPT)(localStorage, document);
  return attributes.get('data-prerender') ?? null;
}

describe('PRERENDER_GATE_SCRIPT', () => {
  it('hides the prerendered (Ukrainian) page from a visitor who chose Russian', () => {
    expect(gate('ru')).toBe('off');
  });

  it('keeps it for the default locale, no choice, an unknown value, or storage that throws', () => {
    expect(gate('uk')).toBeNull();
    expect(gate(null)).toBeNull();
    expect(gate('en')).toBeNull();
    expect(gate(new Error('SecurityError'))).toBeNull();
  });
});
