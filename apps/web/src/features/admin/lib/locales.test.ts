import { describe, expect, it } from 'vitest';
import { OPERATION_TYPES, ROLES, TOP_UP_STATUSES, WITHDRAW_STATUSES } from '@drop/shared';
import ru from '../locales/ru.json';
import uk from '../locales/uk.json';
import { expectSameLocaleKeys, localeKeys } from '../../../test/locales.ts';
import { AUDIT_ENTITIES, AUDIT_PREFIXES, prefixKey } from '../audit/audit-page.tsx';
import { ADMIN_SECTIONS } from '../sections.tsx';

describe('admin locales', () => {
  it('uk and ru have the same keys, none empty', () => {
    expectSameLocaleKeys(uk, ru);
  });

  it('name every section of the back office (also those another page adds) and every value the pages show', () => {
    const all = localeKeys(uk);
    const need = [
      ...['orders', 'catalog', 'content', 'onec', 'users', 'money', 'audit'].map((s) => `nav.${s}`),
      ...ADMIN_SECTIONS.map((s) => s.labelKey),
      ...ROLES.map((r) => `roles.${r}`),
      ...TOP_UP_STATUSES.map((s) => `money.topUpStatus.${s}`),
      ...WITHDRAW_STATUSES.map((s) => `money.withdrawStatus.${s}`),
      ...OPERATION_TYPES.map((s) => `user.ledger.types.${s}`),
      ...AUDIT_ENTITIES.map((e) => `audit.entities.${e}`),
      ...AUDIT_PREFIXES.map((p) => `audit.prefixes.${prefixKey(p)}`),
    ];
    for (const k of need) expect(all, k).toContain(k);
  });

  it('use the section names the issue gives', () => {
    expect([uk.nav.orders, uk.nav.catalog, uk.nav.content, uk.nav.onec, uk.nav.users, uk.nav.money, uk.nav.audit]).toEqual([
      'Замовлення',
      'Каталог',
      'Контент',
      '1С',
      'Реселери',
      'Гроші',
      'Журнал дій',
    ]);
    expect([ru.nav.orders, ru.nav.catalog, ru.nav.content, ru.nav.onec, ru.nav.users, ru.nav.money, ru.nav.audit]).toEqual([
      'Заказы',
      'Каталог',
      'Контент',
      '1С',
      'Реселлеры',
      'Деньги',
      'Журнал действий',
    ]);
  });
});
