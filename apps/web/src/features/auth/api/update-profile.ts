import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput, UserDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { reloadBalance } from '../../../lib/balance.ts';
import { authKeys } from './keys.ts';

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
