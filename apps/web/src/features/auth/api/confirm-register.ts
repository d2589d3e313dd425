import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TokenResponse } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { getDeviceToken } from '../../../lib/fingerprint.ts';
import { startSession } from './session.ts';

export async function confirmRegister(input: { email: string; attempt_id: string; code: string }): Promise<TokenResponse> {
  const device_token = await getDeviceToken();
  return api.post<TokenResponse>('/auth/confirm', { ...input, device_token }, undefined, { redirectOn401: false });
}

export function useConfirmRegister() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: confirmRegister, onSuccess: (res) => startSession(qc, res) });
}
