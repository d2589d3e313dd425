import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WithdrawDto, WithdrawInput } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { createIntent, idempotencyHeader } from '../../../lib/idempotency.ts';
import { invalidateMoney } from './keys.ts';

export type CreateWithdrawResult = { requires_code: true } | WithdrawDto;

export const needsCode = (r: CreateWithdrawResult): r is { requires_code: true } => 'requires_code' in r && r.requires_code === true;

/** 200 `{requires_code: true}` when withdraw_2fa is on and no code was sent (a code is mailed); 201 the withdrawal. */
export const createWithdraw = (input: WithdrawInput, key: string) =>
  api.post<CreateWithdrawResult>('/withdraws', input, undefined, { headers: idempotencyHeader(key) });

export function useCreateWithdraw(onChanged?: () => void) {
  const qc = useQueryClient();
  const [intent] = useState(createIntent);
  return useMutation({
    mutationFn: (input: WithdrawInput) => intent.run(input, (key) => createWithdraw(input, key)),
    onSuccess: (res) => {
      if (needsCode(res)) return;
      void invalidateMoney(qc);
      onChanged?.();
    },
  });
}
