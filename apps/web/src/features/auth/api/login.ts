import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, LoginResponse } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { getDeviceToken } from '../../../lib/fingerprint.ts';
import { startSession } from './session.ts';

export async function login(input: LoginInput): Promise<LoginResponse> {
  const device_token = await getDeviceToken();
  return api.post<LoginResponse>('/auth/login', { ...input, device_token }, undefined, { redirectOn401: false });
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (res) => {
      if (!res.enabled_2fa && res.token && res.user) startSession(qc, { token: res.token, user: res.user });
    },
  });
}
