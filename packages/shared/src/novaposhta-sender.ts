import { z } from 'zod';

/**
 * The Nova Poshta sender of waybills (`/admin/novaposhta/sender`): the counterparty and its
 * contact person found with the API key (read-only), the counterparty's addresses, the one the
 * supplier picked (`selected_address_ref`) and the one waybills use (`address_ref`: the pick, or
 * the only address; null when several and none picked, `needs_choice`).
 */
export const npSenderAddressDto = z.object({ ref: z.string(), description: z.string(), city_ref: z.string(), city: z.string() });
export const npSenderDto = z.object({
  counterparty: z.object({ ref: z.string(), description: z.string(), city_ref: z.string() }),
  contact: z.object({ ref: z.string(), description: z.string(), phone: z.string() }),
  addresses: z.array(npSenderAddressDto),
  selected_address_ref: z.string().nullable(),
  address_ref: z.string().nullable(),
  needs_choice: z.boolean(),
});
export const npSenderQuery = z.object({ refresh: z.enum(['0', '1']).optional() });
export const npSenderInput = z.strictObject({ address_ref: z.string('invalid_type').trim().min(1, 'required').max(64, 'too_long').nullable() });
export type NpSenderDto = z.infer<typeof npSenderDto>;
export type NpSenderAddressDto = z.infer<typeof npSenderAddressDto>;
