import { onecMessageText, type Locale, type OnecImportProgress, type OnecImportRunDto } from '@drop/shared';
import type { OnecImportRunRow } from './onec.repository.ts';

export function presentRun(
  run: OnecImportRunRow,
  actor: { id: number; name: string; email: string } | null,
  locale: Locale,
  liveProgress?: OnecImportProgress,
): OnecImportRunDto {
  return {
    id: run.id,
    source: run.source,
    status: run.status,
    files: run.files,
    progress: liveProgress ?? run.progress,
    stats: run.stats ?? null,
    warnings: run.warnings.map((w) => ({ key: w.key, params: w.params, text: onecMessageText(w, locale) })),
    warnings_count: run.warningsCount,
    error: run.error ? { key: run.error.key, params: run.error.params, text: onecMessageText(run.error, locale) } : null,
    actor: actor && actor.id !== null ? actor : null,
    created_at: run.createdAt.toISOString(),
    started_at: run.startedAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}
