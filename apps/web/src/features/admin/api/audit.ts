import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntryDto } from '@drop/shared';
import { api } from '../../../lib/api-client.ts';
import { adminKeys, type AuditFilter, type Page } from './keys.ts';

/** `GET /admin/audit`: newest first; `action` is a prefix. */
export const getAudit = (f: AuditFilter) => api.raw<Page<AuditEntryDto>>('GET', '/admin/audit', { query: { ...f } });

export const useAudit = (f: AuditFilter, enabled = true) =>
  useQuery({ queryKey: adminKeys.auditList(f), queryFn: () => getAudit(f), placeholderData: keepPreviousData, refetchOnWindowFocus: true, enabled });
