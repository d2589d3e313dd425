import { z } from 'zod';
import {
  LOCALES,
  SETTING_KEYS,
  changelogValue,
  legalValue,
  type supplierSettingsInput,
  type AdminSettingDto,
  type Locale,
  type NpSenderDto,
  type SettingKey,
  type SupplierSettingsDto,
} from '@drop/shared';
import type { Db } from '../../db/client.ts';
import type { NpSenderProfile } from '../../integrations/novaposhta/client.ts';
import { writeAudit } from '../../lib/audit.ts';
import type { AuthedCtx } from '../../lib/ctx.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { sharedCacheOf } from '../../lib/shared-cache.ts';
import { recommendedFloorChanged } from '../exports/exports.service.ts';
import { NP_SENDER_ADDRESS_KEY, carrierAppError, npSenderAddress, setNpSenderAddress } from './np-sender.ts';
import { presentAdminSetting, presentNpSender, presentSetting } from './settings.presenter.ts';
import { settingsRepo } from './settings.repository.ts';
import { SUPPLIER_SETTING_DEFAULTS, setSupplierSetting, supplierSetting, type SupplierSettingKey } from './supplier-settings.ts';

const isSettingKey = (key: string): key is SettingKey => (SETTING_KEYS as readonly string[]).includes(key);

// ---------- content settings (changelog, FAQ, legal pages) ----------

/** `GET /settings/{key}` in one language; an unknown key or a language without it is 404. */
export async function publicSetting(db: Db, key: string, locale: Locale) {
  if (!isSettingKey(key)) throw AppError.notFound();
  const row = await settingsRepo.find(db, key, locale);
  if (!row) throw AppError.notFound();
  return presentSetting(row);
}

/** Every content setting in both languages, with the last change's time and author. */
export async function adminSettings(db: Db): Promise<AdminSettingDto[]> {
  const rows = await settingsRepo.all(db);
  return SETTING_KEYS.map((key) => {
    const own = rows.filter((r) => r.key === key);
    const latest = own.reduce<(typeof own)[number] | undefined>((a, r) => (!a || r.updatedAt > a.updatedAt ? r : a), undefined);
    return presentAdminSetting(key, own, latest?.updatedAt ?? null, latest?.updatedBy ?? null);
  });
}

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

export type SettingValues = Record<Locale, unknown>;
type Issue = z.core.$ZodIssue;

/**
 * Both languages of `key` checked against its shape before anything is written: the parsed values,
 * or every issue with its path starting at the language. An unknown key is 404.
 */
export function parseSettingValues(key: string, input: Record<Locale, unknown>): { key: SettingKey; values: SettingValues } | { issues: Issue[] } {
  if (!isSettingKey(key)) throw AppError.notFound();
  const issues: Issue[] = [];
  const values: Partial<SettingValues> = {};
  for (const locale of LOCALES) {
    const parsed = SHAPES[key].safeParse(input[locale]);
    if (parsed.success) values[locale] = parsed.data;
    else issues.push(...parsed.error.issues.map((i) => ({ ...i, path: [locale, ...i.path] }) as Issue));
  }
  return issues.length ? { issues } : { key, values: values as SettingValues };
}

/** Writes both languages of a content setting (checked by parseSettingValues), audited in the same transaction. */
export async function updateSetting(ctx: AuthedCtx, key: SettingKey, values: SettingValues): Promise<AdminSettingDto> {
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const before = await settingsRepo.ofKey(tx, key);
    for (const locale of LOCALES) await settingsRepo.upsert(tx, { key, locale, value: values[locale], updatedBy: ctx.user.id, updatedAt: now });
    await writeAudit(tx, {
      actorId: ctx.user.id,
      action: 'setting.update',
      entity: 'setting',
      entityId: null,
      changes: { key, ...Object.fromEntries(LOCALES.map((l) => [l, [before.find((r) => r.locale === l)?.value ?? null, values[l]]])) },
    });
  });
  return presentAdminSetting(key, await settingsRepo.ofKey(ctx.db, key), now, ctx.user.id);
}

// ---------- the supplier's switches ----------

export async function supplierSettings(db: Db): Promise<SupplierSettingsDto> {
  return { enforce_recommended_price: await supplierSetting(db, 'enforce_recommended_price') };
}

/**
 * Sets the switches given (each changed one in its own transaction with its audit line; turning
 * the price floor over queues the feeds it prices) and answers them all as they now are.
 */
export async function updateSupplierSettings(ctx: AuthedCtx, input: z.infer<typeof supplierSettingsInput>): Promise<SupplierSettingsDto> {
  for (const key of Object.keys(SUPPLIER_SETTING_DEFAULTS) as SupplierSettingKey[]) {
    const next = input[key];
    if (next === undefined) continue;
    const before = await supplierSetting(ctx.db, key);
    if (before === next) continue;
    await ctx.db.transaction(async (tx) => {
      await setSupplierSetting(tx, key, next, ctx.user.id);
      if (key === 'enforce_recommended_price') await recommendedFloorChanged(tx);
      await writeAudit(tx, { actorId: ctx.user.id, action: 'setting.update', entity: 'setting', entityId: null, changes: { key, value: [before, next] } });
    });
    // This process forgets at once (the others at the commit's NOTIFY), so the answer below is the new value.
    sharedCacheOf(ctx.db).forget();
  }
  return supplierSettings(ctx.db);
}

// ---------- the Nova Poshta sender ----------

async function profileOf(deps: Pick<Deps, 'novaPoshta'>, refresh: boolean): Promise<NpSenderProfile> {
  try {
    return await deps.novaPoshta.senderProfile(refresh);
  } catch (err) {
    throw carrierAppError(err, 'np_refused');
  }
}

/** The sender as Nova Poshta knows the API key's account (`refresh`: ask NP again) and the supplier's pick of its address. */
export async function npSender(deps: Pick<Deps, 'novaPoshta' | 'db'>, refresh: boolean): Promise<NpSenderDto> {
  const profile = await profileOf(deps, refresh);
  return presentNpSender(profile, await npSenderAddress(deps.db));
}

/** Admins pick the sender address: one of the sender's addresses (else 422 `address_ref`), or null for "the only one". */
export async function pickNpSenderAddress(ctx: AuthedCtx, next: string | null): Promise<NpSenderDto> {
  if (ctx.user.role !== 'admin') throw AppError.forbidden();
  const profile = await profileOf(ctx.deps, false);
  if (next !== null && !profile.addresses.some((a) => a.ref === next)) throw AppError.field('address_ref', 'invalid_value');
  const before = await npSenderAddress(ctx.db);
  if (before !== next) {
    await ctx.db.transaction(async (tx) => {
      await setNpSenderAddress(tx, next, ctx.user.id);
      await writeAudit(tx, {
        actorId: ctx.user.id,
        action: 'setting.update',
        entity: 'setting',
        entityId: null,
        changes: { key: NP_SENDER_ADDRESS_KEY, value: [before, next] },
      });
    });
  }
  return presentNpSender(profile, next);
}
