import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE_USER_MS, type ProfileInput, type UserDto } from '@drop/shared';
import { api } from './api-client.ts';
import { clearToken } from './auth-token.ts';
import { reloadBalance } from './balance.ts';

/** The signed-in user: one query every screen shares, its profile update and the logout. */
export const authKeys = {
  all: ['auth'] as const,
  user: ['auth', 'user'] as const,
};

export const getUser = (redirectOn401 = true) => api.get<UserDto>('/auth/user', undefined, { redirectOn401 });

export const getUserQueryOptions = () => queryOptions({ queryKey: authKeys.user, queryFn: () => getUser(), staleTime: CACHE_USER_MS });

export const useUser = (enabled = true) => useQuery({ ...getUserQueryOptions(), enabled });

export const updateProfile = (input: ProfileInput) => api.put<UserDto>('/auth/profile', input);

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      qc.setQueryData(authKeys.user, user);
      void reloadBalance(qc);
    },
  });
}

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
