import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketDto, MarketInput } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { marketKeys } from '../../../lib/markets.ts';

export const getMarket = (id: number, signal?: AbortSignal) => api.get<MarketDto>(`/markets/${id}`, undefined, signal ? { signal } : {});

export const useMarket = (id: number) =>
  useQuery({
    queryKey: marketKeys.detail(id),
    queryFn: ({ signal }) => getMarket(id, signal),
    enabled: Number.isSafeInteger(id) && id > 0,
  });

export const createMarket = (input: MarketInput) => api.post<MarketDto>('/markets', input);
export const updateMarket = (id: number, input: MarketInput) => api.put<MarketDto>(`/markets/${id}`, input);
export const deleteMarket = (id: number) => api.delete(`/markets/${id}`);

/** Store changes alter product prices when that store is selected: products are refetched too. */
function useInvalidate() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: marketKeys.all }),
      qc.invalidateQueries({ queryKey: ['products'] }),
      qc.invalidateQueries({ queryKey: ['header-search'] }),
    ]);
}

export function useCreateMarket() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: createMarket, onSuccess: () => void invalidate() });
}

export function useUpdateMarket(id: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: MarketInput) => updateMarket(id, input),
    onSuccess: (m: MarketDto) => {
      qc.setQueryData(marketKeys.detail(id), m);
      void invalidate();
    },
  });
}

export function useDeleteMarket() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: deleteMarket, onSuccess: () => void invalidate() });
}
