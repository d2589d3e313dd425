import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, Route, Routes, useLocation } from 'react-router';
import type { AdminSettingDto, SettingKey } from '@drop/shared';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useAdminSettings, useSaveSupplierSettings, useSupplierSettings } from './api.ts';
import { BroadcastForm } from './broadcast-form.tsx';
import { ChangelogEditor } from './changelog-editor.tsx';
import { FaqEditor } from './faq-editor.tsx';
import { useContentT } from './i18n.ts';
import { LegalEditor } from './legal-editor.tsx';
import { EditorCard, EditorSkeleton } from './shared.tsx';

const TABS = ['changelog', 'faq', 'legal', 'settings', 'broadcast'] as const;

/** Renders `children` with the keys' settings once /admin/settings has loaded (editors are keyed by updated_at, so a save elsewhere reloads them). */
function WithSettings({ keys, children }: { keys: SettingKey[]; children: (s: Record<string, AdminSettingDto>) => ReactNode }) {
  const { tc } = useContentT();
  const settings = useAdminSettings();
  if (settings.isPending) return <EditorSkeleton />;
  if (settings.isError)
    return (
      <EmptyState
        title={tc('errors.loadFailed')}
        text={settings.error.message}
        icon={<ErrorOutlineIcon />}
        action={
          <Button variant="contained" onClick={() => void settings.refetch()}>
            {tc('common.retry')}
          </Button>
        }
      />
    );
  const byKey = Object.fromEntries(
    keys.map((k) => [k, settings.data.find((s) => s.key === k) ?? { key: k, uk: null, ru: null, updated_at: null, updated_by: null }]),
  );
  return <>{children(byKey)}</>;
}

function SupplierSwitches() {
  const { t, tc } = useContentT();
  const toast = useToast();
  const settings = useSupplierSettings();
  const save = useSaveSupplierSettings();
  return (
    <EditorCard title={t('switches.title')} id="switches-title" testId="supplier-switches">
      {settings.isPending ? (
        <EditorSkeleton />
      ) : settings.isError ? (
        <Typography color="error">{tc('errors.loadFailed')}</Typography>
      ) : (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={settings.data.enforce_recommended_price}
                disabled={save.isPending}
                onChange={(e) =>
                  save.mutate(
                    { enforce_recommended_price: e.target.checked },
                    { onSuccess: () => toast.success(t('common.saved')), onError: (err) => toast.error(isApiError(err) ? err.message : tc('errors.generic')) },
                  )
                }
                slotProps={{ input: { 'data-testid': 'switch-enforce-recommended' } as object }}
              />
            }
            label={t('switches.enforceRecommended')}
          />
          <Typography variant="body2" color="text.secondary">
            {t('switches.enforceRecommendedHint')}
          </Typography>
        </>
      )}
    </EditorCard>
  );
}

function ContentTabs() {
  const { t } = useContentT();
  const { pathname } = useLocation();
  const tab = TABS.find((x) => pathname.includes(`/content/${x}`)) ?? 'changelog';
  return (
    <>
      <PageHeader title={t('title')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile aria-label={t('title')}>
          {TABS.map((x) => (
            <Tab key={x} value={x} label={t(`tabs.${x}`)} component={RouterLink} to={`/admin/content/${x}`} data-testid={`content-tab-${x}`} />
          ))}
        </Tabs>
      </Box>
    </>
  );
}

const page = (node: ReactNode) => (
  <>
    <ContentTabs />
    {node}
  </>
);

/** /admin/content/*: changelog, FAQ, legal texts, the supplier's switches and broadcasts. */
export default function ContentSection() {
  return (
    <Routes>
      <Route index element={<Navigate to="changelog" replace />} />
      <Route
        path="changelog"
        element={page(<WithSettings keys={['changelog']}>{(s) => <ChangelogEditor key={s.changelog!.updated_at} setting={s.changelog!} />}</WithSettings>)}
      />
      <Route path="faq" element={page(<WithSettings keys={['faq']}>{(s) => <FaqEditor key={s.faq!.updated_at} setting={s.faq!} />}</WithSettings>)} />
      <Route
        path="legal"
        element={page(
          <WithSettings keys={['privacy_policy', 'user_agreement']}>
            {(s) => (
              <Box sx={{ display: 'grid', gap: 2 }}>
                <LegalEditor key={`p${s.privacy_policy!.updated_at}`} settingKey="privacy_policy" setting={s.privacy_policy!} />
                <LegalEditor key={`a${s.user_agreement!.updated_at}`} settingKey="user_agreement" setting={s.user_agreement!} />
              </Box>
            )}
          </WithSettings>,
        )}
      />
      <Route path="settings" element={page(<SupplierSwitches />)} />
      <Route path="broadcast" element={page(<BroadcastForm />)} />
    </Routes>
  );
}
