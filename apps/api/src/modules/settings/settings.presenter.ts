import type { AdminSettingDto, NpSenderDto, SettingKey } from '@drop/shared';
import type { NpSenderProfile } from '../../integrations/novaposhta/client.ts';
import type { SettingRow } from './settings.repository.ts';

/** `GET /settings/{key}`: one language's value. */
export const presentSetting = (row: SettingRow) => ({ key: row.key, value: row.value, updated_at: row.updatedAt.toISOString() });

/** A content setting in both languages (`rows`: its rows), changed last at `updatedAt` by `updatedBy`. */
export function presentAdminSetting(key: SettingKey, rows: SettingRow[], updatedAt: Date | null, updatedBy: number | null): AdminSettingDto {
  return {
    key,
    uk: rows.find((r) => r.locale === 'uk')?.value ?? null,
    ru: rows.find((r) => r.locale === 'ru')?.value ?? null,
    updated_at: updatedAt ? updatedAt.toISOString() : null,
    updated_by: updatedBy,
  };
}

/** Nova Poshta's sender account and the supplier's pick of its address (`selected`; the only one counts as picked). */
export function presentNpSender(p: NpSenderProfile, selected: string | null): NpSenderDto {
  const picked = p.addresses.find((a) => a.ref === selected) ?? (p.addresses.length === 1 ? p.addresses[0] : undefined);
  return {
    counterparty: { ref: p.counterparty.ref, description: p.counterparty.description, city_ref: p.counterparty.cityRef },
    contact: { ref: p.contact.ref, description: p.contact.description, phone: p.contact.phone },
    addresses: p.addresses.map((a) => ({ ref: a.ref, description: a.description, city_ref: a.cityRef, city: a.cityDescription })),
    selected_address_ref: selected,
    address_ref: picked?.ref ?? null,
    needs_choice: !picked && p.addresses.length > 1,
  };
}
