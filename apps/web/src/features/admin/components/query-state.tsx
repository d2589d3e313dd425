import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAdminT } from '../i18n.ts';

/** Rows of skeletons while a list loads. */
export function ListSkeleton({ rows = 5, testId = 'admin-skeleton' }: { rows?: number; testId?: string }) {
  return (
    <Stack spacing={1} data-testid={testId} aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={48} />
      ))}
    </Stack>
  );
}

/** A failed load with the server's message and a retry button. */
export function LoadError({ error, onRetry, testId = 'admin-load-error' }: { error: unknown; onRetry: () => void; testId?: string }) {
  const { t, tc } = useAdminT();
  return (
    <EmptyState
      testId={testId}
      icon={<ErrorOutlineIcon />}
      title={t('common.loadFailed')}
      text={isApiError(error) ? error.message : tc('errors.generic')}
      action={
        <Button variant="contained" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/** The error text of a failed mutation, in the user's language (the API translates its messages). */
export function useErrorText() {
  const { tc } = useAdminT();
  return (e: unknown) => (isApiError(e) ? e.message : tc('errors.generic'));
}
