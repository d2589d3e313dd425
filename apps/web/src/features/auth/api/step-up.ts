import { useMutation } from '@tanstack/react-query';
import type { StepUpResponse } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';

/** Mails a step-up code to the signed-in user; the attempt id goes back with the code. */
export const stepUp = () => api.post<StepUpResponse>('/auth/step-up', {});

export const useStepUp = () => useMutation({ mutationFn: stepUp });
