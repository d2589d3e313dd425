import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useAdminUser } from '../api/users.ts';
import { useAdminT } from '../i18n.ts';
import { useStaffAccess } from './use-staff-access.ts';

export const userPath = (id: number) => `/admin/users/${id}`;

/**
 * A link to the reseller's page showing their name (loaded once per id and cached) and e-mail. A role
 * that may not open the resellers (warehouse) gets "Reseller #id" as plain text and no request.
 * A list that has the name already (`name`, e.g. the ledger's rows) gives it: no request, "#id" under it.
 */
export function ResellerLink({ id, name: known, testId = 'reseller-link' }: { id: number; name?: string; testId?: string }) {
  const { t } = useAdminT();
  const mayOpen = useStaffAccess().may('resellers.read');
  const user = useAdminUser(id, mayOpen && known === undefined);
  const name = known ?? user.data?.name ?? t('common.resellerN', { id });
  if (!mayOpen) {
    return (
      <Typography component="span" sx={{ fontWeight: 600 }} data-testid={testId} data-user-id={id}>
        {name}
      </Typography>
    );
  }
  return (
    <>
      <Link
        component={RouterLink}
        to={userPath(id)}
        underline="hover"
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        data-testid={testId}
        data-user-id={id}
      >
        {name}
      </Link>
      {known !== undefined ? (
        <Typography variant="caption" color="text.secondary" component="div">
          #{id}
        </Typography>
      ) : (
        user.data && (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
            {user.data.email} · #{id}
          </Typography>
        )
      )}
    </>
  );
}
