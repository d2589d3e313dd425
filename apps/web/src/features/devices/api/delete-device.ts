import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { deviceKeys } from './get-devices.ts';

export const deleteDevice = (id: number) => api.delete(`/user-devices/${id}`, { redirectOn401: false });

export function useDeleteDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
