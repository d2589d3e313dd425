import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const forgotPassword = (input: { email: string }) =>
  api.post<{ sent: boolean }>('/password/forgot', input, undefined, { redirectOn401: false });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
