/**
 * /admin/users: resellers (and staff) with a debounced search, state and role filters kept in the
 * URL, a table from lg and cards below, pagination. Test ids: admin-users-page, admin-users-search,
 * admin-users-state, admin-users-role, admin-users-total, admin-users-table, admin-users-cards,
 * admin-user-row (data-user-id), admin-users-empty, admin-users-pagination.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
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
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { Link as RouterLink } from 'react-router';
import { formatMoney, formatPhone, ROLES, SEARCH_DEBOUNCE_MS, type Role, type UserDto } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListPagination } from '../../../components/ui/list-pagination.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { UserBadgeChip } from '../../../components/ui/user-badge-chip.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import type { UsersFilter } from '../api/keys.ts';
import { useAdminUsers } from '../api/users.ts';
import { ExportMenu, exportPath } from '../components/export-menu.tsx';
import { ListSkeleton, LoadError } from '../components/query-state.tsx';
import { userPath } from '../components/reseller-link.tsx';
import { kyivDateTime, pageParam } from '../lib/format.ts';
import { useAdminT } from '../i18n.ts';
import { useListParams, useTextParam } from '../lib/use-list-params.ts';

export const USER_STATES = ['all', 'verified', 'unverified', 'blocked'] as const;
export type UserState = (typeof USER_STATES)[number];
const PER_PAGE = 20;

const isState = (v: string | null): v is UserState => (USER_STATES as readonly string[]).includes(v ?? '');
const isRole = (v: string | null): v is Role => (ROLES as readonly string[]).includes(v ?? '');

/** The URL's search params as the API's filter. */
export function usersFilterOf(params: URLSearchParams): UsersFilter {
  const state = params.get('state');
  const role = params.get('role');
  const search = params.get('search')?.trim();
  return {
    page: pageParam(params.get('page')),
    per_page: PER_PAGE,
    ...(search ? { search } : {}),
    ...(isRole(role) ? { role } : {}),
    ...(state === 'verified' ? { is_verified: true } : state === 'unverified' ? { is_verified: false } : state === 'blocked' ? { blocked: true } : {}),
  };
}

function StatusChips({ user }: { user: UserDto }) {
  const { t } = useAdminT();
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <UserBadgeChip user={user} />
      {user.blocked && <Chip size="small" color="error" label={t('users.blocked')} data-testid="user-blocked" />}
      {user.role !== 'reseller' && <Chip size="small" variant="outlined" label={t(`roles.${user.role}`)} />}
    </Box>
  );
}

function NameLink({ user }: { user: UserDto }) {
  const { t } = useAdminT();
  return (
    <Link
      component={RouterLink}
      to={userPath(user.id)}
      underline="hover"
      sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      aria-label={t('users.open', { name: user.name })}
      data-testid="admin-user-name"
    >
      {user.name}
    </Link>
  );
}

function UsersTable({ users }: { users: UserDto[] }) {
  const { t } = useAdminT();
  return (
    <TableContainer component={Paper} variant="outlined" data-testid="admin-users-table">
      <Table size="small" aria-label={t('users.list')}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' } }}>
            <TableCell>{t('users.columns.id')}</TableCell>
            <TableCell>{t('users.columns.name')}</TableCell>
            <TableCell>{t('users.columns.email')}</TableCell>
            <TableCell>{t('users.columns.phone')}</TableCell>
            <TableCell>{t('users.columns.badge')}</TableCell>
            <TableCell align="right">{t('users.columns.balance')}</TableCell>
            <TableCell>{t('users.columns.created')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((u) => (
            <TableRow key={u.id} hover data-testid="admin-user-row" data-user-id={u.id}>
              <TableCell sx={{ color: 'text.secondary' }}>{u.id}</TableCell>
              <TableCell>
                <NameLink user={u} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{u.email}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatPhone(u.phone)}</TableCell>
              <TableCell>
                <StatusChips user={u} />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }} data-testid="admin-user-balance">
                {formatMoney(u.balance)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{kyivDateTime(u.created_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function UserCards({ users }: { users: UserDto[] }) {
  const { t, tc } = useAdminT();
  return (
    <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('users.list')} data-testid="admin-users-cards">
      {users.map((u) => (
        <Card component="li" key={u.id} sx={{ p: 1.5 }} data-testid="admin-user-row" data-user-id={u.id}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
            <NameLink user={u} />
            <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="admin-user-balance">
              {formatMoney(u.balance)} {tc('common.currency')}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            #{u.id} · {u.email} · {formatPhone(u.phone)}
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
            <StatusChips user={u} />
            <Typography variant="caption" color="text.secondary">
              {kyivDateTime(u.created_at)}
            </Typography>
          </Box>
        </Card>
      ))}
    </Stack>
  );
}

export function UsersListPage() {
  const { t } = useAdminT();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [params, update] = useListParams();
  const filter = usersFilterOf(params);
  const list = useAdminUsers(filter);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const state = isState(params.get('state')) ? (params.get('state') as UserState) : 'all';
  const role = params.get('role');

  useTextParam('search', debounced, params, update);

  const users = list.data?.data ?? [];
  const pageState = list.data ? (users.length ? 'ready' : 'empty') : list.isError ? 'error' : 'loading';

  return (
    <Box data-testid="admin-users-page" data-state={pageState}>
      <PageHeader title={t('users.title')} icon={<PeopleAltOutlined color="primary" />} />
      <Box sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(280px, 480px) 220px 200px' } }}>
        <TextField
          size="small"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          label={t('users.search')}
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'data-testid': 'admin-users-search', type: 'search', maxLength: 255 },
          }}
        />
        <TextField
          select
          size="small"
          label={t('users.state')}
          value={state}
          onChange={(e) => update({ state: e.target.value === 'all' ? null : e.target.value })}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'admin-users-state' } as object } }}
        >
          {USER_STATES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`users.states.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('users.role')}
          value={isRole(role) ? role : 'all'}
          onChange={(e) => update({ role: e.target.value === 'all' ? null : e.target.value })}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'admin-users-role' } as object } }}
        >
          <MenuItem value="all">{t('common.all')}</MenuItem>
          {ROLES.map((r) => (
            <MenuItem key={r} value={r}>
              {t(`roles.${r}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        {list.data && (
          <Typography variant="body2" color="text.secondary" data-testid="admin-users-total">
            {t('common.total', { count: list.data.meta.total })}
          </Typography>
        )}
        <Box sx={{ ml: 'auto' }}>
          <ExportMenu
            path={exportPath('users')}
            query={filter}
            fileStem="users"
            ariaLabel={t('exports.of', { list: t('users.title') })}
            testId="admin-users-export"
          />
        </Box>
      </Box>
      {pageState === 'loading' && <ListSkeleton />}
      {pageState === 'error' && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      {pageState === 'empty' && <EmptyState testId="admin-users-empty" icon={<PeopleAltOutlined />} title={t('users.empty')} text={t('users.emptyText')} />}
      {pageState === 'ready' && (desktop ? <UsersTable users={users} /> : <UserCards users={users} />)}
      {list.data && (
        <ListPagination
          page={filter.page}
          lastPage={list.data.meta.last_page}
          onChange={(p) => update({ page: p > 1 ? String(p) : null }, true)}
          label={t('common.pagination')}
          testId="admin-users-pagination"
        />
      )}
    </Box>
  );
}
