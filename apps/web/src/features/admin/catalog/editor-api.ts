import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCategoryDto, adminProductDto, type AdminProductDto, type ProductCreateInput, type ProductUnarchiveInput } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { catalogKeys } from './api.ts';

/** Creating and archiving products, deleting categories and their pictures (issue 29). */

/** `POST /admin/catalog/products`: the new product goes into the cache; the lists and counts refetch. */
export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductCreateInput) => api.post('/admin/catalog/products', input, adminProductDto),
    onSuccess: (product) => {
      client.setQueryData(catalogKeys.product(product.id), product);
      void client.invalidateQueries({ queryKey: ['admin-catalog', 'products'] });
      void client.invalidateQueries({ queryKey: catalogKeys.categories });
    },
  });
}

function useArchiveMutation<V>(id: number, fn: (v: V) => Promise<AdminProductDto>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (product) => {
      client.setQueryData(catalogKeys.product(id), product);
      void client.invalidateQueries({ queryKey: ['admin-catalog', 'products'] });
      // The archive category appears (or its count changes), the old category's count too.
      void client.invalidateQueries({ queryKey: catalogKeys.categories });
    },
  });
}

export const useArchiveProduct = (id: number) => useArchiveMutation(id, () => api.post(`/admin/catalog/products/${id}/archive`, {}, adminProductDto));
export const useUnarchiveProduct = (id: number) =>
  useArchiveMutation(id, (input: ProductUnarchiveInput) => api.post(`/admin/catalog/products/${id}/unarchive`, input, adminProductDto));

/** `DELETE /admin/catalog/categories/{id}` (204): only an empty one. */
export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.raw('DELETE', `/admin/catalog/categories/${id}`);
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: catalogKeys.categories }),
  });
}

export function useCategoryImage() {
  const client = useQueryClient();
  const done = () => void client.invalidateQueries({ queryKey: catalogKeys.categories });
  const upload = useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return api.post(`/admin/catalog/categories/${id}/image`, body, adminCategoryDto);
    },
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => adminCategoryDto.parse((await api.raw<{ data: unknown }>('DELETE', `/admin/catalog/categories/${id}/image`)).data),
    onSuccess: done,
  });
  return { upload, remove };
}
