import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n.ts';
import { describeHistory, type HistoryEntry } from './history.ts';

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: 1,
  kind: 'status',
  from: null,
  to: null,
  note: null,
  actor: null,
  created_at: '2026-11-29T09:00:00Z',
  ...over,
});

describe('marketplace entries of an order’s history (issue 33)', () => {
  afterAll(() => i18n.changeLanguage('uk'));

  it('tell where the order came from and each exchange with the marketplace, in uk and ru', async () => {
    await i18n.changeLanguage('uk');
    const t = i18n.t.bind(i18n);
    expect(describeHistory(entry({ kind: 'marketplace_source', from: 'prom', to: '330000001' }), undefined, t).title).toBe(
      'Створено із замовлення Prom.ua №330000001',
    );
    const sent = describeHistory(entry({ kind: 'marketplace', from: 'rozetka', to: 'shipped', note: '20450000000001' }), undefined, t);
    expect(sent).toMatchObject({ title: 'Rozetka: передано «відправлено»', detail: 'ТТН 20450000000001', tone: 'info' });
    const refused = describeHistory(entry({ kind: 'marketplace_error', to: 'cancelled', note: 'Prom.ua: Order is canceled' }), undefined, t);
    expect(refused).toMatchObject({ title: 'Маркетплейс не прийняв оновлення «скасовано»', detail: 'Prom.ua: Order is canceled', tone: 'error' });
    expect(describeHistory(entry({ kind: 'marketplace_error', to: 'accepted', note: 'no_connection' }), undefined, t).title).toBe(
      'Маркетплейс не підключено: оновлення не надіслано',
    );
    await i18n.changeLanguage('ru');
    expect(describeHistory(entry({ kind: 'marketplace', from: 'horoshop', to: 'delivered' }), undefined, i18n.t.bind(i18n)).title).toBe(
      'Horoshop: передано «доставлен»',
    );
  });
});
