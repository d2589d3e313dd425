/**
 * The public address of a feed: a read-only field with a copy button, and a download link (the
 * address works without sign-in, so a plain link downloads it). Test ids: feed-url, feed-copy, feed-download.
 */
import { useRef } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import type { ExportSettingDto } from '@drop/shared';
import { useScopedToast } from '../../../lib/toast.tsx';
import { useExportsT } from '../i18n.ts';
import { copyText } from '../../../lib/copy-text.ts';

export function FeedLink({ feed }: { feed: Pick<ExportSettingDto, 'id' | 'name' | 'url' | 'last_generated_at'> }) {
  const { t } = useExportsT();
  const toast = useScopedToast();
  const input = useRef<HTMLInputElement>(null);
  const ready = feed.last_generated_at !== null;

  const copy = async () => {
    if (await copyText(feed.url, input.current)) toast.success(t('toast.copied'));
    else toast.error(t('toast.copyFailed'));
  };

  const download = (
    <IconButton
      component="a"
      href={ready ? feed.url : undefined}
      download={`feed-${feed.id}.xml`}
      target="_blank"
      rel="noopener"
      disabled={!ready}
      aria-label={ready ? t('actions.download') : t('actions.downloadPending')}
      data-testid="feed-download"
    >
      <DownloadIcon />
    </IconButton>
  );

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <TextField
        size="small"
        value={feed.url}
        inputRef={input}
        onFocus={(e) => e.target.select()}
        sx={{ minWidth: 0, flex: 1, '& input': { fontSize: '0.8125rem', textOverflow: 'ellipsis' } }}
        slotProps={{
          htmlInput: { readOnly: true, 'aria-label': t('actions.linkOf', { name: feed.name }), 'data-testid': 'feed-url', spellCheck: false },
          input: {
            sx: { pr: 0.5 },
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t('actions.copy')}>
                  <IconButton size="small" edge="end" onClick={() => void copy()} aria-label={t('actions.copy')} data-testid="feed-copy">
                    <ContentCopyIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Tooltip title={ready ? t('actions.download') : t('actions.downloadPending')}>
        <span>{download}</span>
      </Tooltip>
    </Box>
  );
}
