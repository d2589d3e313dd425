/**
 * /admin/staff: the supplier's staff with a debounced search and a role filter kept in the URL, a
 * table from lg (1280 px) and cards below, pagination; "Додати працівника", edit, block/unblock
 * (confirmed; never delete) and a fresh invitation for people who have not set a password yet.
 * Test ids: staff-page (data-state), staff-search, staff-role-filter, staff-total, staff-table,
 * staff-cards, staff-row (data-staff-id, data-status), staff-name, staff-role, staff-status,
 * staff-last-seen, staff-edit, staff-block, staff-unblock, staff-invite, staff-add, staff-empty,
 * staff-pagination.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import SearchIcon from '@mui/icons-material/Search';
import { isStaffRole, SEARCH_DEBOUNCE_MS, STAFF_ROLES, type StaffDto } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useUser } from '../../../lib/user.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { ListSkeleton, LoadError, useErrorText } from '../components/query-state.tsx';
import { kyivDateTime, pageParam } from '../lib/format.ts';
import { useInviteStaff, useStaffList, type StaffFilter } from './api.ts';
import { BlockDialog, StaffFormDialog } from './staff-dialogs.tsx';
import { useStaffT } from './i18n.ts';
import { useListParams, useTextParam } from '../lib/use-list-params.ts';

const PER_PAGE = 20;

export type StaffStatus = 'invited' | 'active' | 'blocked';
/** Blocked wins; otherwise a person without a password is still invited. */
export const staffStatus = (p: Pick<StaffDto, 'blocked' | 'password_set'>): StaffStatus => (p.blocked ? 'blocked' : p.password_set ? 'active' : 'invited');

/** The URL's search params as the API's filter. */
export function staffFilterOf(params: URLSearchParams): StaffFilter {
  const role = params.get('role');
  const search = params.get('search')?.trim();
  return { page: pageParam(params.get('page')), per_page: PER_PAGE, ...(search ? { search } : {}), ...(isStaffRole(role) ? { role } : {}) };
}

interface RowActions {
  me: number | undefined;
  onEdit: (p: StaffDto) => void;
  onBlock: (p: StaffDto) => void;
  onInvite: (p: StaffDto) => void;
  inviting: number | null;
}

function StatusChip({ person }: { person: StaffDto }) {
  const { t } = useStaffT();
  const status = staffStatus(person);
  const chip = (
    <Chip
      size="small"
      variant={status === 'active' ? 'filled' : 'outlined'}
      color={status === 'blocked' ? 'error' : status === 'invited' ? 'warning' : 'success'}
      label={t(`status.${status}`)}
      data-testid="staff-status"
      data-status={status}
    />
  );
  return status === 'invited' ? <Tooltip title={t('statusHint.invited')}>{chip}</Tooltip> : chip;
}

function NameCell({ person, me }: { person: StaffDto; me: number | undefined }) {
  const { t } = useStaffT();
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, flexWrap: 'wrap' }}>
      <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="staff-name">
        {person.name}
      </Typography>
      {person.id === me && (
        <Typography component="span" variant="caption" color="text.secondary">
          ({t('you')})
        </Typography>
      )}
    </Box>
  );
}

/** Edit, invite again (invited people), block or unblock (never oneself): icons with tooltips in the table, buttons on cards. */
function Actions({ person, compact, me, onEdit, onBlock, onInvite, inviting }: RowActions & { person: StaffDto; compact: boolean }) {
  const { t } = useStaffT();
  const status = staffStatus(person);
  const items = [
    {
      key: 'edit',
      show: true,
      label: t('actions.edit'),
      aria: t('actions.editOf', { name: person.name }),
      icon: <EditOutlined fontSize="small" />,
      onClick: () => onEdit(person),
      color: 'primary' as const,
    },
    {
      key: 'invite',
      show: status === 'invited',
      label: t('actions.invite'),
      aria: t('actions.inviteOf', { name: person.name }),
      icon: <ForwardToInboxOutlined fontSize="small" />,
      onClick: () => onInvite(person),
      color: 'primary' as const,
    },
    {
      key: person.blocked ? 'unblock' : 'block',
      show: person.id !== me,
      label: person.blocked ? t('actions.unblock') : t('actions.block'),
      aria: person.blocked ? t('actions.unblockOf', { name: person.name }) : t('actions.blockOf', { name: person.name }),
      icon: person.blocked ? <LockOpenOutlined fontSize="small" /> : <BlockOutlined fontSize="small" />,
      onClick: () => onBlock(person),
      color: person.blocked ? ('primary' as const) : ('error' as const),
    },
  ].filter((a) => a.show);
  if (compact) {
    return (
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {items.map((a) => (
          <Button
            key={a.key}
            size="small"
            variant="outlined"
            color={a.color}
            startIcon={a.icon}
            onClick={a.onClick}
            aria-label={a.aria}
            loading={a.key === 'invite' && inviting === person.id}
            data-testid={`staff-${a.key}`}
          >
            {a.label}
          </Button>
        ))}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
      {items.map((a) => (
        <Tooltip key={a.key} title={a.label}>
          <IconButton
            size="small"
            color={a.color}
            onClick={a.onClick}
            aria-label={a.aria}
            loading={a.key === 'invite' && inviting === person.id}
            data-testid={`staff-${a.key}`}
          >
            {a.icon}
          </IconButton>
        </Tooltip>
      ))}
    </Box>
  );
}

function StaffTable({ people, ...actions }: RowActions & { people: StaffDto[] }) {
  const { t } = useStaffT();
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="staff-table">
      <Table size="small" aria-label={t('list')}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            <TableCell>{t('columns.name')}</TableCell>
            <TableCell>{t('columns.email')}</TableCell>
            <TableCell>{t('columns.role')}</TableCell>
            <TableCell>{t('columns.status')}</TableCell>
            <TableCell>{t('columns.lastSeen')}</TableCell>
            <TableCell align="right">{t('columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {people.map((p) => (
            <TableRow key={p.id} hover data-testid="staff-row" data-staff-id={p.id} data-status={staffStatus(p)}>
              <TableCell>
                <NameCell person={p} me={actions.me} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{p.email}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={t(`roleHints.${p.role}`)}>
                  <span data-testid="staff-role" data-role={p.role}>
                    {t(`roles.${p.role}`)}
                  </span>
                </Tooltip>
              </TableCell>
              <TableCell>
                <StatusChip person={p} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', color: p.last_seen_at ? undefined : 'text.secondary' }} data-testid="staff-last-seen">
                {p.last_seen_at ? kyivDateTime(p.last_seen_at) : t('never')}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Actions person={p} compact={false} {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function StaffCards({ people, ...actions }: RowActions & { people: StaffDto[] }) {
  const { t } = useStaffT();
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('list')} data-testid="staff-cards">
      {people.map((p) => (
        <Card component="li" key={p.id} sx={{ p: 1.5 }} data-testid="staff-row" data-staff-id={p.id} data-status={staffStatus(p)}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
            <NameCell person={p} me={actions.me} />
            <StatusChip person={p} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {p.email}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            <span data-testid="staff-role" data-role={p.role}>
              {t(`roles.${p.role}`)}
            </span>
            <Typography component="span" variant="body2" color="text.secondary">
              {' · '}
              {t(`roleHints.${p.role}`)}
            </Typography>
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, mb: 1 }}>
            {t('columns.lastSeen')}: <span data-testid="staff-last-seen">{p.last_seen_at ? kyivDateTime(p.last_seen_at) : t('never')}</span>
          </Typography>
          <Actions person={p} compact {...actions} />
        </Card>
      ))}
    </Stack>
  );
}

export function StaffListPage() {
  const { t } = useStaffT();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const toast = useScopedToast();
  const errorText = useErrorText();
  const me = useUser(false).data?.id;
  const [params, update] = useListParams();
  const filter = staffFilterOf(params);
  const list = useStaffList(filter);
  const invite = useInviteStaff();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [editing, setEditing] = useState<{ person: StaffDto | null } | null>(null);
  const [blocking, setBlocking] = useState<StaffDto | null>(null);
  const [inviting, setInviting] = useState<number | null>(null);

  useTextParam('search', debounced, params, update);

  const onInvite = (p: StaffDto) => {
    setInviting(p.id);
    invite.mutate(p.id, {
      onSettled: () => setInviting(null),
      onSuccess: () => toast.success(t('toast.invited', { email: p.email })),
      onError: (e) => toast.error(errorText(e)),
    });
  };

  const people = list.data?.data ?? [];
  const filtered = Boolean(filter.search || filter.role);
  const pageState = list.data ? (people.length ? 'ready' : 'empty') : list.isError ? 'error' : 'loading';
  const actions: RowActions = { me, onEdit: (p) => setEditing({ person: p }), onBlock: setBlocking, onInvite, inviting };
  const addButton = (testId: string) => (
    <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => setEditing({ person: null })} data-testid={testId}>
      {t('add')}
    </Button>
  );

  return (
    <Box data-testid="staff-page" data-state={pageState}>
      <PageHeader title={t('title')} icon={<BadgeOutlined color="primary" />} actions={addButton('staff-add')} />
      <Box sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 220px', md: 'minmax(280px, 480px) 240px' } }}>
        <TextField
          size="small"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          label={t('search')}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'data-testid': 'staff-search', type: 'search', maxLength: 255 },
          }}
        />
        <TextField
          select
          size="small"
          label={t('role')}
          value={filter.role ?? 'all'}
          onChange={(e) => update({ role: e.target.value === 'all' ? null : e.target.value })}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'staff-role-filter' } as object } }}
        >
          <MenuItem value="all">{t('allRoles')}</MenuItem>
          {STAFF_ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`roles.${r}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {list.data && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="staff-total">
          {t('total', { count: list.data.meta.total })}
        </Typography>
      )}
      {pageState === 'loading' && <ListSkeleton testId="staff-skeleton" />}
      {pageState === 'error' && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {pageState === 'empty' &&
        (filtered ? (
          <EmptyState testId="staff-empty" icon={<BadgeOutlined />} title={t('empty')} text={t('emptyText')} />
        ) : (
          <EmptyState testId="staff-empty" icon={<BadgeOutlined />} title={t('emptyAll')} text={t('emptyAllText')} action={addButton('staff-empty-add')} />
        ))}
      {pageState === 'ready' && (desktop ? <StaffTable people={people} {...actions} /> : <StaffCards people={people} {...actions} />)}
      {list.data && (
        <ListPagination
          page={filter.page}
          lastPage={list.data.meta.last_page}
          onChange={(p) => update({ page: p > 1 ? String(p) : null }, true)}
          label={t('pagination')}
          testId="staff-pagination"
        />
      )}
      <StaffFormDialog open={editing !== null} person={editing?.person ?? null} onClose={() => setEditing(null)} />
      <BlockDialog person={blocking} onClose={() => setBlocking(null)} />
    </Box>
  );
}
