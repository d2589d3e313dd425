import { useMutation } from '@tanstack/react-query';
import type { PaymentDocumentDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';

/** Multipart upload of a receipt (field `file`); the API checks the content and the 10 MB limit. */
export function uploadPaymentDocument(file: File): Promise<PaymentDocumentDto> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<PaymentDocumentDto>('/payment-documents', body);
}

export const useUploadPaymentDocument = () => useMutation({ mutationFn: uploadPaymentDocument });
