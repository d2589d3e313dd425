/**
 * Audit entries: a table from lg, cards below. Who (the actor and their role in words, or
 * "system"), when (Kyiv), what (a label per action), the entity (a link for resellers and orders)
 * and before -> after. Test ids: audit-table, audit-cards, audit-row (data-action), audit-who,
 * audit-who-role, audit-when, audit-what, audit-entity, audit-changes.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import type { AuditEntryDto } from '@drop/shared';
import { useAdminT } from '../i18n.ts';
import { kyivDateTime } from '../lib/format.ts';
import { userPath } from '../components/reseller-link.tsx';
import { actionLabel, changeLines } from './audit-changes.ts';

const ENTITY_PATHS: Record<string, (id: number) => string> = {
  user: userPath,
  order: (id) => `/admin/orders/${id}`,
};

function Who({ entry }: { entry: AuditEntryDto }) {
  const { t } = useAdminT();
  if (!entry.actor) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }} data-testid="audit-who">
        {t('audit.system')}
      </Typography>
    );
  }
  return (
    <Box data-testid="audit-who" sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={userPath(entry.actor.id)} underline="hover" variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {entry.actor.name}
        </Link>
        <Chip
          size="small"
          variant="outlined"
          label={t(`roles.${entry.actor.role}`, { defaultValue: entry.actor.role })}
          sx={{ height: 20, fontSize: 12 }}
          data-testid="audit-who-role"
        />
      </Box>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {entry.actor.email}
      </Typography>
    </Box>
  );
}

function Entity({ entry }: { entry: AuditEntryDto }) {
  const { t } = useAdminT();
  const name = t(`audit.entities.${entry.entity}`, { defaultValue: entry.entity });
  const label = entry.entity_id === null ? name : `${name} #${entry.entity_id}`;
  const path = entry.entity_id === null ? undefined : ENTITY_PATHS[entry.entity]?.(entry.entity_id);
  return path ? (
    <Link component={RouterLink} to={path} underline="hover" variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid="audit-entity">
      {label}
    </Link>
  ) : (
    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }} data-testid="audit-entity">
      {label}
    </Typography>
  );
}

function Changes({ entry }: { entry: AuditEntryDto }) {
  const { t, i18n } = useAdminT();
  const lines = changeLines(t, entry.changes, entry.entity, i18n.language);
  if (lines.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('audit.empty_value')}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} data-testid="audit-changes">
      {lines.map((l) => (
        <Typography component="li" variant="body2" key={l.field} sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {l.label}:{' '}
          </Box>
          {l.pair ? (
            <>
              <Box component="span" sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>
                {l.before}
              </Box>
              {' → '}
              <Box component="span" sx={{ fontWeight: 600 }}>
                {l.after}
              </Box>
            </>
          ) : (
            <Box component="span" sx={{ fontWeight: 500 }}>
              {l.after}
            </Box>
          )}
        </Typography>
      ))}
    </Box>
  );
}

export function AuditList({ entries, showEntity = true }: { entries: AuditEntryDto[]; showEntity?: boolean }) {
  const { t } = useAdminT();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  if (!desktop) {
    return (
      <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('audit.list')} data-testid="audit-cards">
        {entries.map((e) => (
          <Card component="li" key={e.id} sx={{ p: 1.5 }} data-testid="audit-row" data-action={e.action}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }} data-testid="audit-what">
                {actionLabel(t, e.action)}
              </Typography>
              <Typography variant="caption" color="text.secondary" data-testid="audit-when">
                {kyivDateTime(e.created_at)}
              </Typography>
            </Box>
            {showEntity && <Entity entry={e} />}
            <Box sx={{ my: 0.75 }}>
              <Changes entry={e} />
            </Box>
            <Who entry={e} />
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="audit-table">
      <Table size="small" aria-label={t('audit.list')}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            <TableCell>{t('audit.columns.when')}</TableCell>
            <TableCell>{t('audit.columns.who')}</TableCell>
            <TableCell>{t('audit.columns.what')}</TableCell>
            {showEntity && <TableCell>{t('audit.columns.entity')}</TableCell>}
            <TableCell>{t('audit.columns.changes')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((e) => (
            <TableRow key={e.id} hover data-testid="audit-row" data-action={e.action} sx={{ '& td': { verticalAlign: 'top' } }}>
              <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="audit-when">
                {kyivDateTime(e.created_at)}
              </TableCell>
              <TableCell sx={{ maxWidth: 220 }}>
                <Who entry={e} />
              </TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="audit-what" title={e.action}>
                  {actionLabel(t, e.action)}
                </Typography>
              </TableCell>
              {showEntity && (
                <TableCell>
                  <Entity entry={e} />
                </TableCell>
              )}
              <TableCell sx={{ minWidth: 240 }}>
                <Changes entry={e} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
