import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  adminCategoryDto,
  adminProductDto,
  adminProductSummaryDto,
  adminPropertyTypeDto,
  adminPropertyValueDto,
  listOf,
  type AdminProductDto,
  type CategoryUpdateInput,
  type ProductUpdateInput,
  type ProductsMoveInput,
} from '@drop/shared';
import { api } from '../../../lib/api-client.ts';

/** The operator's catalogue (`/admin/catalog`); invalidation by the `admin-catalog` prefix. */
export const catalogKeys = {
  all: ['admin-catalog'] as const,
  categories: ['admin-catalog', 'categories'] as const,
  products: (q: object) => ['admin-catalog', 'products', q] as const,
  product: (id: number) => ['admin-catalog', 'product', id] as const,
  propertyTypes: ['admin-catalog', 'property-types'] as const,
  propertyValues: (typeId: number, search: string) => ['admin-catalog', 'property-values', typeId, search] as const,
};

export const PRODUCT_IMAGE_MAX_MB = 10;
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export interface ProductsQuery {
  search?: string | undefined;
  category_id?: number | undefined;
  in_stock?: boolean | undefined;
  is_new?: boolean | undefined;
  specials?: boolean | undefined;
  /** Absent: live products only; 'true': the archived ones; 'all': both. */
  archived?: 'true' | 'all' | undefined;
  page: number;
  per_page: number;
}
export const productsResponse = listOf(adminProductSummaryDto);

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

export const useAdminCategories = () =>
  useQuery({ queryKey: catalogKeys.categories, queryFn: ({ signal }) => api.get('/admin/catalog/categories', z.array(adminCategoryDto), { signal }) });

export function useAdminProducts(q: ProductsQuery) {
  return useQuery({
    queryKey: catalogKeys.products(q),
    queryFn: async ({ signal }) => productsResponse.parse(await api.raw('GET', '/admin/catalog/products', { query: { ...q }, signal })),
    placeholderData: keepPreviousData,
  });
}

export const useAdminProduct = (id: number) =>
  useQuery({
    queryKey: catalogKeys.product(id),
    queryFn: ({ signal }) => api.get(`/admin/catalog/products/${id}`, adminProductDto, { signal }),
    enabled: validId(id),
  });

export const usePropertyTypes = () =>
  useQuery({
    queryKey: catalogKeys.propertyTypes,
    queryFn: ({ signal }) => api.get('/admin/catalog/properties', z.array(adminPropertyTypeDto), { signal }),
    staleTime: 5 * 60_000,
  });

export const usePropertyValues = (typeId: number, search: string, enabled = true) =>
  useQuery({
    queryKey: catalogKeys.propertyValues(typeId, search),
    queryFn: ({ signal }) => api.get(`/admin/catalog/properties/${typeId}/values`, z.array(adminPropertyValueDto), { signal, query: { search } }),
    enabled: enabled && validId(typeId),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: CategoryUpdateInput }) =>
      id === null ? api.post('/admin/catalog/categories', input, adminCategoryDto) : api.put(`/admin/catalog/categories/${id}`, input, adminCategoryDto),
    onSuccess: () => void client.invalidateQueries({ queryKey: catalogKeys.categories }),
  });
}

/** Publishes (`hidden: false`) or hides a category for resellers. */
export function useSetCategoryHidden() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) => api.put(`/admin/catalog/categories/${id}`, { hidden }, adminCategoryDto),
    onSuccess: () => void client.invalidateQueries({ queryKey: catalogKeys.categories }),
  });
}

/** Moves the chosen products into one category; the lists and the categories' counts refetch. */
export function useMoveProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductsMoveInput) => api.post('/admin/catalog/products/move', input, z.object({ moved: z.number() })),
    onSuccess: () => void client.invalidateQueries({ queryKey: catalogKeys.all }),
  });
}

/** Product changes answer with the product: it goes into the cache; the lists refetch. */
function useProductMutation<V>(id: number, fn: (v: V) => Promise<AdminProductDto>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (product) => {
      client.setQueryData(catalogKeys.product(id), product);
      void client.invalidateQueries({ queryKey: ['admin-catalog', 'products'] });
    },
  });
}

export const useUpdateProduct = (id: number) =>
  useProductMutation(id, (input: ProductUpdateInput) => api.put(`/admin/catalog/products/${id}`, input, adminProductDto));

export const useUploadImage = (id: number) =>
  useProductMutation(id, (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api.post(`/admin/catalog/products/${id}/images`, body, adminProductDto);
  });

export const useDeleteImage = (id: number) =>
  useProductMutation(id, async (imageId: number) => {
    const r = await api.raw<{ data: unknown }>('DELETE', `/admin/catalog/products/${id}/images/${imageId}`);
    return adminProductDto.parse(r.data);
  });
