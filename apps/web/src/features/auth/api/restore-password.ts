import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestoreInput, TokenResponse } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { getDeviceToken } from '../../../lib/fingerprint.ts';
import { startSession } from './session.ts';

export async function restorePassword(input: RestoreInput): Promise<TokenResponse> {
  const device_token = await getDeviceToken();
  return api.post<TokenResponse>('/password/restore', { ...input, device_token }, undefined, { redirectOn401: false });
}

export function useRestorePassword() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: restorePassword, onSuccess: (res) => startSession(qc, res) });
}
