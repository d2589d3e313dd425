import { useMutation } from '@tanstack/react-query';
import type { RegisterInput, RegisterResponse } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { getDeviceToken } from '../../../lib/fingerprint.ts';

/** Answers the attempt id the code dialog sends back with the mailed code. */
export async function register(input: RegisterInput): Promise<RegisterResponse> {
  const device_token = await getDeviceToken();
  return api.post<RegisterResponse>('/auth/register', { ...input, device_token }, undefined, { redirectOn401: false });
}

export const useRegister = () => useMutation({ mutationFn: register });
