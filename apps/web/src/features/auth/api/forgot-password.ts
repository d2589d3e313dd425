import { useMutation } from '@tanstack/react-query';
import type { ForgotResponse } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { getDeviceToken } from '../../../lib/fingerprint.ts';

/** The same answer for every address; the attempt id goes back with the mailed code. */
export async function forgotPassword(input: { email: string }): Promise<ForgotResponse> {
  const device_token = await getDeviceToken();
  return api.post<ForgotResponse>('/password/forgot', { ...input, device_token }, undefined, { redirectOn401: false });
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
