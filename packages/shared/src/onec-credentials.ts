import { z } from 'zod';

/**
 * The 1C exchange's own credentials (DESIGN.md section 8): 1C signs in at `/1c/exchange`
 * (`mode=checkauth`, HTTP Basic) with a login and a generated secret, never with a staff password.
 * Admins only (anyone else gets 403):
 *
 * - `POST /admin/onec/credentials` makes a new pair and revokes the previous one (its exchange
 *   sessions end): 201 `{data: OnecCredentialSecretDto}`. The secret is shown this once; only its
 *   hash is kept.
 * - `GET /admin/onec/credentials` the live pair without its secret: `{data: OnecCredentialDto | null}`.
 * - `DELETE /admin/onec/credentials` revokes the live pair (204): the exchange stops until a new one.
 */

/** `1c-` and lowercase letters and digits. */
export const ONEC_LOGIN_PATTERN = /^1c-[a-z0-9]+$/;

export const onecCredentialDto = z.object({
  login: z.string(),
  created_at: z.string(),
  /** Who made the pair (null if that account is gone). */
  created_by: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
});
export type OnecCredentialDto = z.infer<typeof onecCredentialDto>;

export const onecCredentialSecretDto = z.object({ login: z.string(), secret: z.string() });
export type OnecCredentialSecretDto = z.infer<typeof onecCredentialSecretDto>;
