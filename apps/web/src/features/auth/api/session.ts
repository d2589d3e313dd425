import type { QueryClient } from '@tanstack/react-query';
import type { TokenResponse } from '@drop/shared';
import { setToken } from '../../../lib/auth-token.ts';
import { authKeys } from '../../../lib/user.ts';

/** Stores the token and primes the user cache after confirm, confirm-login, login or restore. */
export function startSession(qc: QueryClient, res: TokenResponse): void {
  setToken(res.token);
  qc.setQueryData(authKeys.user, res.user);
}
