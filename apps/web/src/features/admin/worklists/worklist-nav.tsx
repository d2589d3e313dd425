/**
 * The worklists in the back office's navigation: under "Замовлення" and "Гроші" a sub-link per
 * worklist the role may see, with its live counter, each opening the list filtered to it. Test ids:
 * worklist-link-<name> (data-count), worklist-count-<name>.
 */
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Link, useLocation } from 'react-router';
import type { Worklist, WorklistCountsDto } from '@drop/shared';
import { useAdminT } from '../i18n.ts';
import { visibleWorklists, worklistPath, worklistSection } from './api.ts';

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  width: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;

/** A small counter pill; `label` is what a screen reader hears instead of the bare number ("12 замовлень до відправки"). */
export function CountBadge({ count, label, testId, strong = false }: { count: number; label: string; testId: string; strong?: boolean }) {
  return (
    <Box
      component="span"
      title={label}
      data-testid={testId}
      data-count={count}
      sx={{
        ml: 1,
        minWidth: 22,
        height: 20,
        px: 0.75,
        borderRadius: 10,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: '0.75rem',
        fontWeight: 700,
        fontVariantNumeric: 'tabular-nums',
        flexShrink: 0,
        bgcolor: count === 0 ? 'action.selected' : strong ? 'error.main' : 'primary.main',
        color: count === 0 ? 'text.secondary' : strong ? 'error.contrastText' : 'primary.contrastText',
      }}
    >
      <span aria-hidden="true">{count}</span>
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </Box>
  );
}

/** Is `w` the worklist the current URL shows? */
export function isCurrent(w: Worklist, pathname: string, params: URLSearchParams): boolean {
  if (worklistSection(w) === 'orders') return pathname === '/admin/orders' && params.get('worklist') === w;
  const tab = params.get('tab') === 'withdrawals' ? 'withdrawals' : 'topups';
  return pathname === '/admin/money' && tab === w;
}

/** The sub-links of `section` (orders or money) with their counters. */
export function WorklistLinks({
  section,
  role,
  counts,
  onNavigate,
}: {
  section: string;
  role: string | undefined;
  counts: WorklistCountsDto | undefined;
  onNavigate?: (() => void) | undefined;
}) {
  const { t } = useAdminT();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const own = visibleWorklists(role).filter((w) => worklistSection(w) === section);
  if (own.length === 0) return null;
  return (
    <List component="div" role="group" dense disablePadding aria-label={t('worklists.label')} sx={{ mb: 0.5 }}>
      {own.map((w) => {
        const count = counts?.[w];
        const current = isCurrent(w, pathname, params);
        return (
          <ListItemButton
            key={w}
            component={Link}
            to={worklistPath(w)}
            selected={current}
            aria-current={current ? 'page' : undefined}
            onClick={onNavigate}
            sx={{ borderRadius: 1, pl: 6.5, py: 0.25, minHeight: 32 }}
            data-testid={`worklist-link-${w}`}
            data-count={count ?? ''}
          >
            <ListItemText primary={t(`worklists.names.${w}`)} slotProps={{ primary: { sx: { fontSize: '0.8125rem', fontWeight: current ? 600 : 400 } } }} />
            {count !== undefined && (
              <CountBadge
                count={count}
                label={t(`worklists.count.${w}`, { count })}
                testId={`worklist-count-${w}`}
                strong={w === 'onec_failed' || w === 'trouble'}
              />
            )}
          </ListItemButton>
        );
      })}
    </List>
  );
}
