import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { CHANGELOG_VERSION, STORAGE_KEYS, type ChangelogValue } from '@drop/shared';
import { useSetting } from '../api/get-setting.ts';

function readMarker(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.changesLog);
  } catch {
    return null;
  }
}

/** dd/mm/yyyy -> sortable yyyymmdd */
const sortKey = (d: string) => d.split('/').reverse().join('');

/** 'Оновлення у системі': opens once per version (show_changes_log marker), closes by button or outside click. */
export function ChangelogDialog() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(() => {
    if (readMarker() === CHANGELOG_VERSION) return false;
    try {
      localStorage.setItem(STORAGE_KEYS.changesLog, CHANGELOG_VERSION);
    } catch {
      // ignore
    }
    return true;
  });
  const setting = useSetting<ChangelogValue>('changelog', i18n.language, open);
  const entries = Object.entries(setting.data?.value.entries ?? {}).sort((a, b) => sortKey(b[0]).localeCompare(sortKey(a[0])));

  return (
    <Dialog
      open={open}
      onClose={() => setOpen(false)}
      maxWidth={false}
      scroll="paper"
      aria-labelledby="changelog-title"
      data-testid="changelog-dialog"
      slotProps={{ paper: { sx: { maxWidth: 700, width: '100%', m: { xs: 1, sm: 4 } } } }}
    >
      <DialogTitle id="changelog-title" sx={{ pr: 6 }}>
        {t('changelog.title')}
        <IconButton aria-label={t('common.close')} onClick={() => setOpen(false)} sx={{ position: 'absolute', right: 8, top: 8 }} data-testid="changelog-close">
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {setting.isPending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} height={48} />)
        ) : entries.length === 0 ? (
          <Typography color="text.secondary">{t('changelog.empty')}</Typography>
        ) : (
          entries.map(([date, items]) => (
            <Box key={date} sx={{ mb: 2 }}>
              <Typography variant="h3" component="h3" sx={{ color: 'primary.dark', mb: 1 }}>
                {date.replaceAll('/', '.')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {items.map((item, i) => (
                  <li key={i}>
                    <Typography sx={{ fontWeight: 600 }}>{item.title}</Typography>
                    {item.subtitle && (
                      <Typography color="text.secondary" variant="body2">
                        {item.subtitle}
                      </Typography>
                    )}
                  </li>
                ))}
              </Box>
            </Box>
          ))
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setOpen(false)} variant="contained">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
