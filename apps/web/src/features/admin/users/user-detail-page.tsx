/**
 * /admin/users/{id}: the reseller's profile, badge, balance and summary; actions (verify/unverify,
 * discount, block/unblock: resellers.write; balance correction: money.corrections; the others do
 * not see those buttons) and tabs (ledger, orders, devices, audit: admins only) kept in `?tab=`.
 * Test ids: admin-user-page (data-state), admin-user-title, user-badge, user-blocked, user-balance,
 * user-actions, user-verify, user-discount, user-block, user-correct, block-dialog(-confirm|-cancel),
 * user-tabs, user-tab-<tab>; dialogs in user-dialogs.tsx, lists in user-tabs.tsx.
 */
import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PercentIcon from '@mui/icons-material/Percent';
import PriceChangeOutlined from '@mui/icons-material/PriceChangeOutlined';
import RemoveModeratorOutlined from '@mui/icons-material/RemoveModeratorOutlined';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { formatMoney, formatPhone, isStaffRole } from '@drop/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { UserBadgeChip } from '../../../components/ui/user-badge-chip.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useAdminUser, useAdminUserSummary, useUpdateAdminUser, type AdminUserDetail } from '../api/users.ts';
import { LoadError, useErrorText } from '../components/query-state.tsx';
import { useStaffAccess } from '../components/use-staff-access.ts';
import { kyivDateTime } from '../lib/format.ts';
import { useAdminT } from '../i18n.ts';
import { CorrectionDialog, DiscountDialog } from './user-dialogs.tsx';
import { DevicesTab, LedgerTab, OrdersTab, UserAuditTab } from './user-tabs.tsx';

export const USER_TABS = ['ledger', 'orders', 'devices', 'audit'] as const;
type UserTab = (typeof USER_TABS)[number];

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } } as const;

function Summary({ userId }: { userId: number }) {
  const { t, tc } = useAdminT();
  const summary = useAdminUserSummary(userId);
  if (summary.isPending) return <Skeleton variant="rounded" height={72} />;
  // The summary is extra: a failure only hides it.
  if (summary.isError) return null;
  const s = summary.data;
  const money = (v: number) => `${formatMoney(v)} ${tc('common.currency')}`;
  return (
    <Box sx={grid} data-testid="user-summary">
      <Field label={t('user.fields.ordersTotal')} testId="user-orders-total">
        {s.orders_total}
      </Field>
      <Field label={t('user.fields.profitTotal')}>{money(s.profit_total)}</Field>
      <Field label={t('user.fields.pendingTopUps')}>{s.pending_top_ups}</Field>
      <Field label={t('user.fields.pendingWithdrawals')}>{s.pending_withdrawals}</Field>
      <Field label={t('user.fields.markets')}>{s.markets}</Field>
      <Field label={t('user.fields.feeds')}>{s.feeds}</Field>
    </Box>
  );
}

/** Verify, discount and block need resellers.write; the balance correction money.corrections; without either, no buttons. */
function Actions({ user }: { user: AdminUserDetail }) {
  const { t } = useAdminT();
  const { may } = useStaffAccess();
  // A staff account changes in the Staff section (the API refuses it here: StaffAccount).
  const staffTarget = isStaffRole(user.role);
  const mayEdit = may('resellers.write') && !staffTarget;
  const mayCorrect = may('money.corrections') && !staffTarget;
  const toast = useScopedToast();
  const errorText = useErrorText();
  const update = useUpdateAdminUser(user.id);
  const [dialog, setDialog] = useState<'discount' | 'block' | 'correct' | null>(null);
  const close = () => setDialog(null);

  const toggleVerified = () =>
    update.mutate(
      { is_verified: !user.is_verified },
      { onSuccess: (u) => toast.success(t(u.is_verified ? 'user.toast.verified' : 'user.toast.unverified')), onError: (e) => toast.error(errorText(e)) },
    );
  const toggleBlocked = () =>
    update.mutate(
      { blocked: !user.blocked },
      {
        onSuccess: (u) => {
          toast.success(t(u.blocked ? 'user.toast.blocked' : 'user.toast.unblocked'));
          close();
        },
        onError: (e) => toast.error(errorText(e)),
      },
    );
  const verifyBusy = update.isPending && update.variables.is_verified !== undefined;
  const blockKey = user.blocked ? 'unblockDialog' : 'blockDialog';

  if (staffTarget) {
    return may('staff') ? (
      <Button component={RouterLink} to={`/admin/staff?search=${encodeURIComponent(user.email)}`} variant="outlined" data-testid="user-staff-link">
        {t('user.actions.inStaff')}
      </Button>
    ) : null;
  }
  if (!mayEdit && !mayCorrect) return null;
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="user-actions">
        {mayEdit && (
          <>
            <Button
              variant={user.is_verified ? 'outlined' : 'contained'}
              color={user.is_verified ? 'inherit' : 'success'}
              startIcon={user.is_verified ? <RemoveModeratorOutlined /> : <VerifiedUserOutlined />}
              onClick={toggleVerified}
              loading={verifyBusy}
              disabled={update.isPending && !verifyBusy}
              data-testid="user-verify"
            >
              {t(user.is_verified ? 'user.actions.unverify' : 'user.actions.verify')}
            </Button>
            <Button variant="outlined" startIcon={<PercentIcon />} onClick={() => setDialog('discount')} data-testid="user-discount">
              {t('user.actions.discount')}
            </Button>
          </>
        )}
        {mayCorrect && (
          <Button variant="outlined" startIcon={<PriceChangeOutlined />} onClick={() => setDialog('correct')} data-testid="user-correct">
            {t('user.actions.correct')}
          </Button>
        )}
        {mayEdit && (
          <Button
            variant="outlined"
            color={user.blocked ? 'primary' : 'error'}
            startIcon={user.blocked ? <LockOpenIcon /> : <BlockIcon />}
            onClick={() => setDialog('block')}
            data-testid="user-block"
          >
            {t(user.blocked ? 'user.actions.unblock' : 'user.actions.block')}
          </Button>
        )}
      </Box>
      <DiscountDialog open={dialog === 'discount'} userId={user.id} current={user.discount} onClose={close} />
      <CorrectionDialog open={dialog === 'correct'} userId={user.id} balance={user.balance} onClose={close} />
      <ConfirmDialog
        open={dialog === 'block'}
        title={t(`user.${blockKey}.title`, { name: user.name })}
        text={t(`user.${blockKey}.text`)}
        confirmLabel={t(`user.${blockKey}.confirm`)}
        cancelLabel={t('common.cancel')}
        busy={update.isPending}
        onCancel={close}
        onConfirm={toggleBlocked}
        testId="block-dialog"
      />
    </>
  );
}

export function UserDetailPage() {
  const { t, tc } = useAdminT();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const user = useAdminUser(valid ? id : 0, valid);
  const [params, setParams] = useSearchParams();
  // The audit trail reads the audit log (admins only); the other roles do not get that tab.
  const tabs = useStaffAccess().may('audit') ? USER_TABS : USER_TABS.filter((k) => k !== 'audit');
  const tabParam = params.get('tab');
  const tab: UserTab = (tabs as readonly string[]).includes(tabParam ?? '') ? (tabParam as UserTab) : 'ledger';

  const back = (
    <IconButton component={RouterLink} to="/admin/users" aria-label={t('user.back')} data-testid="user-back">
      <ArrowBackIcon />
    </IconButton>
  );

  if (!valid || (user.isError && isApiError(user.error) && user.error.status === 404)) {
    return (
      <Box data-testid="admin-user-page" data-state="not-found">
        {back}
        <EmptyState title={t('user.notFound')} />
      </Box>
    );
  }
  if (user.isPending) {
    return (
      <Box data-testid="admin-user-page" data-state="loading">
        <Skeleton variant="text" width={320} height={48} />
        <Skeleton variant="rounded" height={180} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (user.isError) {
    return (
      <Box data-testid="admin-user-page" data-state="error">
        {back}
        <LoadError error={user.error} onRetry={() => void user.refetch()} />
      </Box>
    );
  }
  const u = user.data;
  return (
    <Box data-testid="admin-user-page" data-state="ready" data-user-id={u.id}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        {back}
        <Typography variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }} data-testid="admin-user-title">
          {u.name}
        </Typography>
        <UserBadgeChip user={u} />
        {u.blocked && <Chip size="small" color="error" label={t('users.blocked')} data-testid="user-blocked" />}
        {u.role !== 'reseller' && <Chip size="small" variant="outlined" label={t(`roles.${u.role}`)} />}
      </Box>
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Actions user={u} />
          <Box sx={grid} data-testid="user-profile">
            <Field label={t('user.fields.balance')} testId="user-balance">
              {formatMoney(u.balance)} {tc('common.currency')}
            </Field>
            <Field label={t('user.fields.email')}>{u.email}</Field>
            <Field label={t('user.fields.phone')}>{formatPhone(u.phone)}</Field>
            <Field label={t('user.fields.city')}>{u.city || '—'}</Field>
            <Field label={t('user.fields.discount')} testId="user-discount-value">
              {u.discount} %
            </Field>
            <Field label={t('user.fields.markup')}>{u.markup} %</Field>
            <Field label={t('user.fields.role')}>{t(`roles.${u.role}`)}</Field>
            <Field label={t('user.fields.created')}>
              {kyivDateTime(u.created_at)} · #{u.id}
            </Field>
          </Box>
          <Summary userId={u.id} />
        </CardContent>
      </Card>
      <Tabs
        value={tab}
        onChange={(_e, v: UserTab) =>
          setParams(
            (p) => {
              const n = new URLSearchParams(p);
              if (v === 'ledger') n.delete('tab');
              else n.set('tab', v);
              return n;
            },
            { replace: true },
          )
        }
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('user.tabs.label')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        data-testid="user-tabs"
      >
        {tabs.map((k) => (
          <Tab key={k} value={k} label={t(`user.tabs.${k}`)} data-testid={`user-tab-${k}`} id={`user-tab-${k}`} aria-controls="user-tab-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="user-tab-panel" aria-labelledby={`user-tab-${tab}`}>
        {tab === 'ledger' && <LedgerTab userId={u.id} />}
        {tab === 'orders' && <OrdersTab userId={u.id} />}
        {tab === 'devices' && <DevicesTab userId={u.id} />}
        {tab === 'audit' && <UserAuditTab userId={u.id} />}
      </Box>
    </Box>
  );
}
