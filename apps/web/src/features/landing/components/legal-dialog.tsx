import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import { LEGAL_LAST_UPDATED } from '@drop/shared';
import { useSetting, type LegalSettingKey } from '../api/get-setting.ts';
import { useLandingLocale } from '../hooks/use-landing-locale.ts';
import { safeHtml } from '../lib/safe-html.tsx';
import { useLandingT } from '../i18n.ts';

const FALLBACK_TITLE_KEYS = {
  privacy_policy: 'footer.privacy',
  user_agreement: 'footer.agreement',
} as const satisfies Record<LegalSettingKey, string>;

/** DD.MM.YYYY from the setting's updated_at (already DD.MM.YYYY, or an ISO date). */
export function formatLegalDate(value: string | undefined): string {
  if (!value) return LEGAL_LAST_UPDATED;
  if (/^\d{2}\.\d{2}\.\d{4}$/.test(value)) return value;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return `${iso[3]}.${iso[2]}.${iso[1]}`;
  return LEGAL_LAST_UPDATED;
}

interface LegalDialogProps {
  /** Which document to show; kept while closing so the content does not vanish mid-transition. */
  settingKey: LegalSettingKey;
  open: boolean;
  onClose: () => void;
}

export function LegalDialog({ settingKey, open, onClose }: LegalDialogProps) {
  const { t } = useLandingT();
  const lang = useLandingLocale();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const doc = useSetting(settingKey, lang, { enabled: open });
  const title = doc.data?.value.title ?? t(FALLBACK_TITLE_KEYS[settingKey]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      scroll="paper"
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      data-testid="landing-legal-dialog"
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        <Typography component="span" variant="h6" sx={{ display: 'block', fontWeight: 700 }}>
          {title}
        </Typography>
        {doc.data ? (
          <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary', mt: 0.5 }}>
            {t('legal.updated', { date: formatLegalDate(doc.data.value.updated_at) })}
          </Typography>
        ) : null}
      </DialogTitle>
      <IconButton onClick={onClose} aria-label={t('legal.closeAria')} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        {doc.isPending ? (
          <Stack spacing={1.25} aria-busy="true" aria-label={t('legal.loading')}>
            <Skeleton variant="text" width="45%" height={36} />
            {Array.from({ length: 9 }, (_, i) => (
              <Skeleton key={i} variant="text" width={i % 3 === 2 ? '70%' : '100%'} />
            ))}
          </Stack>
        ) : doc.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void doc.refetch()}>
                {t('legal.retry')}
              </Button>
            }
          >
            {t('legal.error')}
          </Alert>
        ) : (
          <Box
            className="landing-legal-html"
            // Operator-edited HTML (DESIGN.md section 7, "Content"): rebuilt as formatting and text, never injected.
            sx={{
              typography: 'body2',
              lineHeight: 1.75,
              color: 'text.primary',
              '& h1, & h2, & h3, & h4': { fontWeight: 700, lineHeight: 1.3, mt: 3, mb: 1.25 },
              '& h1': { fontSize: '1.35rem' },
              '& h2': { fontSize: '1.2rem' },
              '& h3, & h4': { fontSize: '1.05rem' },
              '& > :first-of-type': { mt: 0 },
              '& p': { my: 1.25 },
              '& ul, & ol': { pl: 3, my: 1.25 },
              '& li': { mb: 0.5 },
              '& a': { color: 'primary.dark' },
              '& table': { borderCollapse: 'collapse', width: '100%' },
              '& td, & th': { border: 1, borderColor: 'divider', p: 1 },
            }}
          >
            {safeHtml(doc.data.value.html)}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} variant="contained">
          {t('legal.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
