import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import {
  LOCALES,
  SETTING_KEYS,
  adminSettingDto,
  adminSettingInput,
  changelogValue,
  dataOf,
  legalValue,
  supplierSettingsDto,
  supplierSettingsInput,
  type AdminSettingDto,
  type SettingKey,
} from '@drop/shared';
import { settings } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { authedCtx, guardStaff } from '../../plugins/auth.ts';
import { writeAudit } from '../../lib/audit.ts';
import { sendValidation, zodIssuesToErrors } from '../../plugins/errors.ts';
import { invalidateCatalogue } from '../catalog/catalogue-cache.ts';
import { recommendedFloorChanged } from '../exports/exports.service.ts';
import { SUPPLIER_SETTING_DEFAULTS, setSupplierSetting, supplierSetting, type SupplierSettingKey } from './supplier-settings.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** What each content setting must look like (the public pages render exactly these shapes). */
const SHAPES: Record<SettingKey, z.ZodType> = {
  changelog: changelogValue.extend({
    entries: z.record(
      z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'invalid_value'),
      z.array(z.object({ title: z.string().trim().min(1, 'required').max(200, 'too_long'), subtitle: z.string().max(1000, 'too_long') })),
    ),
  }),
  faq: z
    .array(
      z.object({ question: z.string().trim().min(1, 'required').max(500, 'too_long'), answer: z.string().trim().min(1, 'required').max(5000, 'too_long') }),
    )
    .max(50, 'too_big'),
  privacy_policy: legalValue.extend({ title: z.string().trim().min(1, 'required').max(200, 'too_long'), html: z.string().max(200_000, 'too_long') }),
  user_agreement: legalValue.extend({ title: z.string().trim().min(1, 'required').max(200, 'too_long'), html: z.string().max(200_000, 'too_long') }),
};

/** /api/v1/admin/settings (content in both languages) and /admin/supplier-settings (switches). */
export const settingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaff(app, 'content');

  app.get('/settings', { schema: { tags, security, response: { 200: dataOf(z.array(adminSettingDto)) } } }, async () => {
    const rows = await app.deps.db.select().from(settings);
    const data: AdminSettingDto[] = SETTING_KEYS.map((key) => {
      const own = rows.filter((r) => r.key === key);
      const latest = own.reduce<(typeof own)[number] | undefined>((a, r) => (!a || r.updatedAt > a.updatedAt ? r : a), undefined);
      return {
        key,
        uk: own.find((r) => r.locale === 'uk')?.value ?? null,
        ru: own.find((r) => r.locale === 'ru')?.value ?? null,
        updated_at: latest ? latest.updatedAt.toISOString() : null,
        updated_by: latest?.updatedBy ?? null,
      };
    });
    return { data };
  });

  app.put(
    '/settings/:key',
    { schema: { tags, security, params: z.object({ key: z.string().max(64) }), body: adminSettingInput, response: { 200: dataOf(adminSettingDto) } } },
    async (req, reply) => {
      const ctx = authedCtx(req);
      const key = req.params.key as SettingKey;
      if (!(SETTING_KEYS as readonly string[]).includes(key)) throw AppError.notFound();
      // Both languages are checked before anything is written; errors name the language and the path.
      const issues: Parameters<typeof zodIssuesToErrors>[0] = [];
      const values: Partial<Record<(typeof LOCALES)[number], unknown>> = {};
      for (const locale of LOCALES) {
        const parsed = SHAPES[key].safeParse(req.body[locale]);
        if (parsed.success) values[locale] = parsed.data;
        else issues.push(...parsed.error.issues.map((i) => ({ ...i, path: [locale, ...i.path] }) as Parameters<typeof zodIssuesToErrors>[0][number]));
      }
      if (issues.length) return sendValidation(reply, ctx.locale, zodIssuesToErrors(issues, ctx.locale));
      const now = new Date();
      await ctx.db.transaction(async (tx) => {
        const before = await tx.select().from(settings).where(eq(settings.key, key));
        for (const locale of LOCALES) {
          await tx
            .insert(settings)
            .values({ key, locale, value: values[locale], updatedBy: ctx.user.id, updatedAt: now })
            .onConflictDoUpdate({ target: [settings.key, settings.locale], set: { value: values[locale], updatedBy: ctx.user.id, updatedAt: now } });
        }
        await writeAudit(tx, {
          actorId: ctx.user.id,
          action: 'setting.update',
          entity: 'setting',
          entityId: null,
          changes: { key, ...Object.fromEntries(LOCALES.map((l) => [l, [before.find((r) => r.locale === l)?.value ?? null, values[l]]])) },
        });
      });
      const rows = await ctx.db
        .select()
        .from(settings)
        .where(and(eq(settings.key, key)));
      return {
        data: {
          key,
          uk: rows.find((r) => r.locale === 'uk')?.value ?? null,
          ru: rows.find((r) => r.locale === 'ru')?.value ?? null,
          updated_at: now.toISOString(),
          updated_by: ctx.user.id,
        },
      };
    },
  );

  app.get('/supplier-settings', { schema: { tags, security, response: { 200: dataOf(supplierSettingsDto) } } }, async () => ({
    data: { enforce_recommended_price: await supplierSetting(app.deps.db, 'enforce_recommended_price') },
  }));
  app.put('/supplier-settings', { schema: { tags, security, body: supplierSettingsInput, response: { 200: dataOf(supplierSettingsDto) } } }, async (req) => {
    const ctx = authedCtx(req);
    for (const key of Object.keys(SUPPLIER_SETTING_DEFAULTS) as SupplierSettingKey[]) {
      const next = req.body[key];
      if (next === undefined) continue;
      const before = await supplierSetting(ctx.db, key);
      if (before === next) continue;
      await ctx.db.transaction(async (tx) => {
        await setSupplierSetting(tx, key, next, ctx.user.id);
        if (key === 'enforce_recommended_price') await recommendedFloorChanged(tx);
        await writeAudit(tx, {
          actorId: ctx.user.id,
          action: 'setting.update',
          entity: 'setting',
          entityId: null,
          changes: { key, value: [before, next] },
        });
      });
      // This process forgets at once (the others at the commit's NOTIFY), so the answer below is the new value.
      invalidateCatalogue(ctx.db);
    }
    return { data: { enforce_recommended_price: await supplierSetting(ctx.db, 'enforce_recommended_price') } };
  });
};
