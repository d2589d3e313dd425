import { useState } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { mediaFileDto, orderDto, type MediaFileDto, type MediaFileType, type OrderDto, type OrderUpdateInput } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { createIntent, idempotencyHeader } from '../../../lib/idempotency.ts';
import { i18n } from '../../../lib/i18n.ts';
import { orderKeys } from './keys.ts';

/** After an order changed: the fresh order in its cache, the lists and the home's last orders reload. */
function orderChanged(qc: QueryClient, order: OrderDto): void {
  qc.setQueryData(orderKeys.detail(order.id, i18n.language || 'uk'), order);
  void qc.invalidateQueries({ queryKey: orderKeys.detailAll(order.id), predicate: (q) => q.queryKey[3] !== (i18n.language || 'uk') });
  void qc.invalidateQueries({ queryKey: orderKeys.lists() });
  void qc.invalidateQueries({ queryKey: orderKeys.last() });
}

/** POST /orders/{id}/confirm: New -> Confirmed (with an Idempotency-Key: a second click debits once). */
export const confirmOrder = (id: number, key: string): Promise<OrderDto> =>
  api.post(`/orders/${id}/confirm`, undefined, orderDto, { headers: idempotencyHeader(key) });

/** PUT /orders/{id}: recipient, delivery, payment and the whole new list of lines (New and Confirmed). */
export const updateOrder = ({ id, input }: { id: number; input: OrderUpdateInput }): Promise<OrderDto> => api.put(`/orders/${id}`, input, orderDto);

/** POST /orders/{id}/copy: a new order in New with the same recipient, delivery and lines (201); one per click. */
export const copyOrder = (id: number, key: string): Promise<OrderDto> =>
  api.post(`/orders/${id}/copy`, undefined, orderDto, { headers: idempotencyHeader(key) });

/** DELETE /orders/{id}: cancels it (stock released, money refunded); answers the cancelled order. */
export const cancelOrder = async (id: number): Promise<OrderDto> => {
  const body = await api.raw<{ data: unknown }>('DELETE', `/orders/${id}`);
  return orderDto.parse(body.data);
};

/** POST /media-files (multipart file, order_id, type). */
export function uploadMediaFile({ orderId, type, file }: { orderId: number; type: MediaFileType; file: File }): Promise<MediaFileDto> {
  const body = new FormData();
  body.append('order_id', String(orderId));
  body.append('type', type);
  body.append('file', file, file.name);
  return api.post('/media-files', body, mediaFileDto);
}

/** DELETE /media-files/{id} (204). */
export const deleteMediaFile = ({ id }: { id: number; orderId: number }): Promise<void> => api.delete(`/media-files/${id}`);

/**
 * Money and stock move with these (confirm debits a Balance order, cancel refunds it): `onMoney`
 * lets app/ reload the balance and the statistics.
 */
export function useConfirmOrder(onMoney?: () => void) {
  const qc = useQueryClient();
  const [intent] = useState(createIntent);
  return useMutation({
    mutationFn: (id: number) => intent.run({ confirm: id }, (key) => confirmOrder(id, key)),
    onSuccess: (order) => {
      orderChanged(qc, order);
      onMoney?.();
    },
  });
}

export function useUpdateOrder(onMoney?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: (order) => {
      orderChanged(qc, order);
      onMoney?.();
    },
  });
}

export function useCopyOrder(onMoney?: () => void) {
  const qc = useQueryClient();
  const [intent] = useState(createIntent);
  return useMutation({
    mutationFn: (id: number) => intent.run({ copy: id }, (key) => copyOrder(id, key)),
    onSuccess: (order) => {
      orderChanged(qc, order);
      onMoney?.();
    },
  });
}

export function useCancelOrder(onMoney?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      orderChanged(qc, order);
      onMoney?.();
    },
  });
}

/** Documents are part of the order (and its history): reload it after an upload or a removal. */
export function useUploadMediaFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadMediaFile,
    onSuccess: (_file, v) => qc.invalidateQueries({ queryKey: orderKeys.detailAll(v.orderId) }),
  });
}

export function useDeleteMediaFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteMediaFile,
    onSuccess: (_r, v) => qc.invalidateQueries({ queryKey: orderKeys.detailAll(v.orderId) }),
  });
}
