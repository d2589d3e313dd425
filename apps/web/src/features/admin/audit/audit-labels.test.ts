/**
 * The audit log speaks words, not keys (issue 27 point 1): every action and every `changes` key
 * the API writes (writeAudit calls, lib/audit.ts, and the operations trigger of migration 0016) has a uk and
 * a ru label; money fields show hryvnia; lists and an admin's override read as text.
 */
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { ADMIN_NS, registerAdminResources } from '../i18n.ts';
import { actionLabel, changeLines } from './audit-changes.ts';

/** Keep in step with the API's audit writers (grep "writeAudit" and the operations trigger). */
const ACTIONS = [
  'user.update',
  'payment.approved',
  'payment.declined',
  'withdraw.paid',
  'withdraw.declined',
  'money.order',
  'money.refund',
  'money.payment',
  'money.withdrawal',
  'money.correction',
  'money.user_operation',
  'order.status',
  'order.confirm',
  'order.paid',
  'order.ttn',
  'order.ttn_created',
  'order.job_retry',
  'product.update',
  'product.image_add',
  'product.image_delete',
  'category.create',
  'category.update',
  'setting.update',
  'broadcast',
  'onec.import',
  'onec.settings',
  'onec.credentials.create',
  'onec.credentials.revoke',
  'staff.create',
  'staff.update',
  'staff.invite',
];
const FIELDS = [
  // users, money, orders
  'is_verified',
  'discount',
  'blocked',
  'status',
  'reason',
  'comment',
  'balance_kop',
  'amount_kop',
  'operation_id',
  'operationable',
  'number',
  'payment_status',
  'delivery_status',
  'ttn',
  'delivery_cost_kop',
  'override',
  'job_id',
  'state',
  // catalogue
  'name_uk',
  'name_ru',
  'parent_id',
  'sort',
  'hidden',
  'category_id',
  'brand',
  'description_uk',
  'description_ru',
  'drop_kop',
  'old_drop_kop',
  'retail_kop',
  'is_new',
  'qty',
  'property_value_ids',
  'image',
  'image_id',
  // settings, broadcast, 1C
  'value',
  'uk',
  'ru',
  'title_uk',
  'title_ru',
  'message_uk',
  'message_ru',
  'mail',
  'user_ids',
  'recipients',
  'source',
  'files',
  'warnings',
  'error',
  'price_types',
  'login',
  'categories_created',
  'categories_updated',
  'properties_created',
  'properties_updated',
  'property_values_created',
  'products_created',
  'products_updated',
  'products_unchanged',
  'products_zeroed',
  'offers_applied',
  'pictures_stored',
  'only_changes',
  // staff
  'email',
  'name',
  'role',
  'lang',
];

describe('audit labels', () => {
  registerAdminResources(i18n);
  for (const lng of ['uk', 'ru'] as const) {
    const t = i18n.getFixedT(lng, ADMIN_NS);
    it(`every action and field the API writes has a ${lng} label`, () => {
      const raw = ACTIONS.filter((a) => actionLabel(t, a) === a);
      expect(raw).toEqual([]);
      const lines = changeLines(t, Object.fromEntries(FIELDS.map((f) => [f, 1])));
      expect(lines.filter((l) => l.label === l.field).map((l) => l.field)).toEqual([]);
    });
  }

  it('a staff role and mail language read as words', () => {
    const uk = i18n.getFixedT('uk', ADMIN_NS);
    expect(changeLines(uk, { role: [null, 'admin'], lang: [null, 'ru'] })).toMatchObject([
      { label: 'Роль', after: 'Адміністратор' },
      { label: 'Мова листів', after: 'російська' },
    ]);
    const ru = i18n.getFixedT('ru', ADMIN_NS);
    expect(actionLabel(ru, 'staff.create')).toBe('Новый сотрудник');
    expect(changeLines(ru, { role: ['admin', 'reseller'] })[0]).toMatchObject({ before: 'Администратор', after: 'Реселлер' });
  });

  it('a waybill cost shows in hryvnia with its currency; lists and an override read as text', () => {
    const t = i18n.getFixedT('uk', ADMIN_NS);
    const [cost] = changeLines(t, { delivery_cost_kop: [null, 7000] }, 'order');
    expect(cost).toMatchObject({ label: 'Вартість доставки, грн', after: '70.00' });
    const [files] = changeLines(t, { files: ['import0_1.xml', 'offers0_1.xml'] });
    expect(files).toMatchObject({ pair: false, after: 'import0_1.xml, offers0_1.xml' });
    const [override] = changeLines(t, { override: { rule: 'card_not_paid', to: 'Complected', reason: 'Оплата підтверджена банком' } }, 'order');
    expect(override).toMatchObject({ label: 'Виняток із правила', after: 'Оплата підтверджена банком' });
  });
});
