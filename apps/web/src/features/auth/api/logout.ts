import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { clearToken } from '../../../lib/auth-token.ts';

export const logout = () => api.delete('/auth/logout', { redirectOn401: false });

/** Logs out on the server; the token and every cached query are cleared even if the call fails. */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearToken();
      qc.clear();
    },
  });
}
