import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TokenResponse } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { getDeviceToken } from '../../../lib/fingerprint.ts';
import { startSession } from './session.ts';

export async function confirmLogin(input: { email: string; attempt_id: string; code: string }): Promise<TokenResponse> {
  const device_token = await getDeviceToken();
  return api.post<TokenResponse>('/auth/confirm-login', { ...input, device_token }, undefined, { redirectOn401: false });
}

export function useConfirmLogin() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: confirmLogin, onSuccess: (res) => startSession(qc, res) });
}
