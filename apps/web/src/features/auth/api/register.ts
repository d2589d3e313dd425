import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { getDeviceToken } from '../../../lib/fingerprint.ts';

export async function register(input: RegisterInput): Promise<{ email: string }> {
  const device_token = await getDeviceToken();
  return api.post<{ email: string }>('/auth/register', { ...input, device_token }, undefined, { redirectOn401: false });
}

export const useRegister = () => useMutation({ mutationFn: register });
