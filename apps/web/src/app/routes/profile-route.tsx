import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useUser } from '../../lib/user.ts';
import { ProfileLanguageCard } from '../../features/auth/components/profile-language-card.tsx';
import { ProfileMarkupCard } from '../../features/auth/components/profile-markup-card.tsx';
import { ProfilePasswordCard } from '../../features/auth/components/profile-password-card.tsx';
import { ProfilePersonalCard } from '../../features/auth/components/profile-personal-card.tsx';
import { ProfileTwoFactorCard } from '../../features/auth/components/profile-two-factor-card.tsx';
import { MarketsCard } from '../../features/markets/components/markets-card.tsx';
import { DevicesCard } from '../../features/devices/components/devices-card.tsx';
import { UserBadgeChip } from '../../components/ui/user-badge-chip.tsx';

export function ProfileRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();

  return (
    <>
      <PageHeader title={t('pages.profile')} actions={user.data ? <UserBadgeChip user={user.data} /> : undefined} />
      {!user.data ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }} data-testid="profile-loading">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={220} />
          ))}
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <ProfilePersonalCard key={`personal-${user.data.id}`} user={user.data} />
            <ProfileLanguageCard />
            <ProfileTwoFactorCard user={user.data} />
          </Box>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <ProfileMarkupCard key={`markup-${user.data.id}`} user={user.data} />
            {user.data.is_verified && <MarketsCard />}
            <ProfilePasswordCard />
            <DevicesCard onCurrentSignedOut={() => void navigate('/login', { replace: true })} />
          </Box>
        </Box>
      )}
    </>
  );
}
