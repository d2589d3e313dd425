import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentDto, PaymentInput } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { createIntent, idempotencyHeader } from '../../../lib/idempotency.ts';
import { invalidateMoney } from './keys.ts';

/** 201 `{data, message}`: the message is the translated "normally credited within 24 hours" text. */
export const createPayment = (input: PaymentInput, key: string) =>
  api.raw<{ data: PaymentDto; message?: string }>('POST', '/payments', { body: input, headers: idempotencyHeader(key) });

/** Creates a pending top-up; `onChanged` lets the app refresh what lives outside this feature (the signed-in user). */
export function useCreatePayment(onChanged?: () => void) {
  const qc = useQueryClient();
  const [intent] = useState(createIntent);
  return useMutation({
    mutationFn: (input: PaymentInput) => intent.run(input, (key) => createPayment(input, key)),
    onSuccess: () => {
      void invalidateMoney(qc);
      onChanged?.();
    },
  });
}
