import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  listOf,
  onecCredentialDto,
  onecCredentialSecretDto,
  onecImportRunDto,
  onecSettingsDto,
  type OnecImportRunDto,
  type OnecPriceTypeMapping,
} from '@drop/shared';
import { api } from '../../../lib/api-client.ts';

/** 1C imports (`/admin/onec`): warnings and errors come in the request's language. */
export const onecKeys = {
  all: ['admin-onec'] as const,
  runs: (page: number, lang: string) => ['admin-onec', 'runs', page, lang] as const,
  run: (id: number, lang: string) => ['admin-onec', 'run', id, lang] as const,
  settings: ['admin-onec', 'settings'] as const,
  credentials: ['admin-onec', 'credentials'] as const,
};

/** A running import is polled this often. */
export const RUN_POLL_MS = 1000;
export const RUNS_PER_PAGE = 10;
export const runActive = (r: Pick<OnecImportRunDto, 'status'> | undefined) => r?.status === 'queued' || r?.status === 'running';
const runsResponse = listOf(onecImportRunDto);

export function useImportRuns(page: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: onecKeys.runs(page, i18n.language),
    queryFn: async ({ signal }) => runsResponse.parse(await api.raw('GET', '/admin/onec/imports', { query: { page, per_page: RUNS_PER_PAGE }, signal })),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some(runActive) ? RUN_POLL_MS * 3 : false),
  });
}

export function useImportRun(id: number | null) {
  const { i18n } = useTranslation();
  const client = useQueryClient();
  return useQuery({
    queryKey: onecKeys.run(id ?? 0, i18n.language),
    queryFn: async ({ signal }) => {
      const run = await api.get(`/admin/onec/imports/${id}`, onecImportRunDto, { signal });
      // The list shows the finished state too.
      if (!runActive(run)) void client.invalidateQueries({ queryKey: ['admin-onec', 'runs'] });
      return run;
    },
    enabled: id !== null,
    refetchInterval: (q) => (runActive(q.state.data) ? RUN_POLL_MS : false),
  });
}

export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (files: { import?: File | undefined; offers?: File | undefined; pictures?: File | undefined }) => {
      const body = new FormData();
      for (const [k, f] of Object.entries(files)) if (f) body.append(k, f, f.name);
      return api.post('/admin/onec/imports', body, onecImportRunDto);
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin-onec', 'runs'] }),
  });
}

export const useOnecSettings = () =>
  useQuery({ queryKey: onecKeys.settings, queryFn: ({ signal }) => api.get('/admin/onec/settings', onecSettingsDto, { signal }) });

export function useSaveOnecSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (price_types: OnecPriceTypeMapping) => api.put('/admin/onec/settings', { price_types }, onecSettingsDto),
    onSuccess: (data) => client.setQueryData(onecKeys.settings, data),
  });
}

/** The exchange's own login (no secret); admins only: anyone else gets 403 (the card hides). */
export const useOnecCredential = () =>
  useQuery({ queryKey: onecKeys.credentials, queryFn: ({ signal }) => api.get('/admin/onec/credentials', onecCredentialDto.nullable(), { signal }) });

/** A new pair (the old one stops working); the answer is the only time the secret is seen. */
export function useCreateOnecCredential() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/admin/onec/credentials', undefined, onecCredentialSecretDto),
    onSuccess: () => void client.invalidateQueries({ queryKey: onecKeys.credentials }),
  });
}

export function useRevokeOnecCredential() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/admin/onec/credentials'),
    onSuccess: () => client.setQueryData(onecKeys.credentials, null),
  });
}
