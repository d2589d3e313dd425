import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { CarrierError, CarrierRefused, NpSenderIncomplete, type NpRefusal } from '../../integrations/novaposhta/client.ts';
import { npErrorMessage } from '../../integrations/novaposhta/np-errors.ts';
import { settingsRepo } from './settings.repository.ts';

/** The supplier's pick among the NP sender's addresses (supplier_settings, key below, value {address_ref}): a ref, or none. */
export const NP_SENDER_ADDRESS_KEY = 'np_sender_address';

export async function npSenderAddress(db: Db): Promise<string | null> {
  const row = await settingsRepo.supplierValue(db, NP_SENDER_ADDRESS_KEY);
  const ref = (row?.value as { address_ref?: unknown } | undefined)?.address_ref;
  return typeof ref === 'string' && ref ? ref : null;
}

export async function setNpSenderAddress(db: Db, ref: string | null, by: number): Promise<void> {
  await settingsRepo.setSupplierValue(db, NP_SENDER_ADDRESS_KEY, { address_ref: ref }, by);
}

/** NP's reasons for the operator: the code's text in `lang` with NP's own text beside it, or NP's text alone. */
export function refusalText(refusals: NpRefusal[], lang: 'uk' | 'ru'): string {
  const parts = refusals.map((r) => {
    const own = r.code ? npErrorMessage(r.code, lang) : undefined;
    const np = r.text ? `«${r.text}»` : r.code ? `[${r.code}]` : '';
    return own ? `${own} (НП: ${np})` : np;
  });
  const text = parts.filter(Boolean).join('; ');
  return text || (lang === 'uk' ? 'без пояснень' : 'без объяснений');
}

/**
 * A carrier failure as the operator's answer: NP's refusal -> 422 CarrierRefused naming what NP
 * refused (uk/ru, with NP's text); the sender's account incomplete -> 409; an outage (network,
 * timeout, HTTP 5xx) -> 503 CarrierUnavailable. Anything else is returned as it is.
 */
export function carrierAppError(err: unknown, refusedKey: 'np_waybill_refused' | 'np_refused'): unknown {
  if (err instanceof CarrierRefused) {
    return new AppError(422, 'CarrierRefused', refusedKey, undefined, { uk: refusalText(err.refusals, 'uk'), ru: refusalText(err.refusals, 'ru') });
  }
  if (err instanceof NpSenderIncomplete) {
    if (err.missing === 'address_choice') return AppError.business('NpSenderAddressRequired', 'np_sender_address_required', 409);
    if (err.missing === 'address') return AppError.business('NpSenderAddressMissing', 'np_sender_no_address', 409);
    return AppError.business('NpSenderMissing', 'np_sender_missing', 409);
  }
  if (err instanceof CarrierError) return new AppError(503, 'CarrierUnavailable', 'carrier_unavailable');
  return err;
}
