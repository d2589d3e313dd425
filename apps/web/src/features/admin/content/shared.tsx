import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDate } from '@drop/shared';
import { isApiError } from '../../../lib/api-client.ts';
import { useContentT } from './i18n.ts';

/** A titled card with the languages side by side from md. */
export function EditorCard({
  title,
  id,
  updatedAt,
  children,
  actions,
  testId,
}: {
  title: string;
  id: string;
  updatedAt?: string | null | undefined;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  const { t } = useContentT();
  return (
    <Card component="section" aria-labelledby={id} data-testid={testId}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap', mb: 2 }}>
          <Typography id={id} variant="h3" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {updatedAt && (
            <Typography variant="caption" color="text.secondary">
              {t('common.updated', { date: formatDate(updatedAt) })}
            </Typography>
          )}
          {actions}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

export const sideBySide = { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } } as const;

/** A 422's messages as "Українська › 3 › question: ..." lines, or the error's message. */
export function ServerErrors({ error }: { error: unknown }) {
  const { t, tc } = useContentT();
  if (!error) return null;
  const lines =
    isApiError(error) && error.errors
      ? Object.entries(error.errors).map(([k, msgs]) => {
          const [lang, ...rest] = k.split('.');
          const where = [
            lang === 'uk' || lang === 'ru' ? t(`common.lang.${lang}`) : lang,
            ...rest.map((p) => (/^\d+$/.test(p) ? `#${Number(p) + 1}` : p)),
          ].join(' › ');
          return `${where}: ${msgs.join(', ')}`;
        })
      : [isApiError(error) ? error.message : tc('errors.generic')];
  return (
    <Alert severity="error" sx={{ mt: 2 }} data-testid="content-error">
      {lines.map((l) => (
        <div key={l}>{l}</div>
      ))}
    </Alert>
  );
}

export function SaveBar({ busy, dirty, testId }: { busy: boolean; dirty: boolean; testId: string }) {
  const { t, tc } = useContentT();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 2, mt: 2 }}>
      {dirty && (
        <Typography variant="body2" color="text.secondary">
          {t('common.unsaved')}
        </Typography>
      )}
      <Button type="submit" variant="contained" loading={busy} disabled={!dirty} data-testid={testId}>
        {tc('common.save')}
      </Button>
    </Box>
  );
}

export function EditorSkeleton() {
  const { tc } = useContentT();
  return (
    <Stack spacing={2} aria-busy="true" aria-label={tc('common.loading')}>
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={220} />
    </Stack>
  );
}
