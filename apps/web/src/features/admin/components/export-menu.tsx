/**
 * "Експорт" on a back-office list (issue 29): a button opening a menu of formats (CSV, Excel XLSX)
 * that downloads `path?format=<f>&<the list's current filters>` (page and per_page left out: the API
 * streams the whole filtered list). The button is busy while the file comes; a failure is a toast
 * (scoped to the list: it goes when the list does); the name is the API's Content-Disposition one.
 * Test ids: `testId` on the button (data-busy while loading), `${testId}-menu`, `${testId}-csv`,
 * `${testId}-xlsx`.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import GridOnOutlined from '@mui/icons-material/GridOnOutlined';
import { EXPORT_FORMATS, type ExportFormat, type ExportList } from '@drop/shared';
import { useScopedToast } from '../../../lib/toast.tsx';
import { downloadFile, withQuery } from '../lib/download.ts';
import { useErrorText } from './query-state.tsx';
import { useAdminT } from '../i18n.ts';

/** The export address of a list: `/admin/{list}/export`. */
export const exportPath = (list: ExportList) => `/admin/${list}/export`;

/** The list's filters without its paging (the export takes the whole filtered list). */
export function exportQuery(query: Record<string, unknown>, format: ExportFormat): Record<string, unknown> {
  const { page: _page, per_page: _perPage, ...filters } = query;
  return { format, ...filters };
}

const ICONS: Record<ExportFormat, ReactNode> = { csv: <DescriptionOutlined fontSize="small" />, xlsx: <GridOnOutlined fontSize="small" /> };

export interface ExportMenuProps {
  /** The API path of the file (`exportPath('orders')`, `/admin/withdraws/payouts`). */
  path: string;
  /** The list's current filters (as it sends them to its list request). */
  query: Record<string, unknown>;
  /** The file's name when the answer names none, without the extension. */
  fileStem: string;
  /** The button's text ("Експорт" unless told). */
  label?: string;
  /** The button's accessible name when it should say more than its text (which list). */
  ariaLabel?: string;
  testId?: string;
  disabled?: boolean;
  variant?: 'outlined' | 'contained' | 'text';
  icon?: ReactNode;
}

export function ExportMenu({ path, query, fileStem, label, ariaLabel, testId = 'export-menu', disabled = false, variant = 'outlined', icon }: ExportMenuProps) {
  const { t } = useAdminT();
  const toast = useScopedToast();
  const errorText = useErrorText();
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const download = (format: ExportFormat) => {
    setAnchor(null);
    if (busy) return;
    const controller = new AbortController();
    abort.current = controller;
    setBusy(format);
    downloadFile(withQuery(path, exportQuery(query, format)), `${fileStem}.${format}`, controller.signal)
      .catch((e: unknown) => {
        if (e instanceof DOMException && e.name === 'AbortError') return;
        toast.error(t('exports.failed', { error: errorText(e) }));
      })
      .finally(() => {
        if (!controller.signal.aborted) setBusy(null);
      });
  };

  const visible = busy ? t('exports.busy') : (label ?? t('exports.button'));
  return (
    <>
      <Button
        id={`${id}-button`}
        variant={variant}
        startIcon={icon ?? <FileDownloadOutlined />}
        loading={busy !== null}
        loadingPosition="start"
        disabled={disabled}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? `${id}-menu` : undefined}
        // The visible text starts the accessible name (WCAG 2.5.3, label in name); the list it exports follows.
        aria-label={ariaLabel === undefined ? undefined : ariaLabel.startsWith(visible) ? ariaLabel : `${visible}: ${ariaLabel}`}
        aria-busy={busy !== null || undefined}
        data-testid={testId}
        data-busy={busy ?? undefined}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {visible}
      </Button>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': `${id}-button`, dense: true } as object }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        data-testid={`${testId}-menu`}
      >
        {EXPORT_FORMATS.map((f) => (
          <MenuItem key={f} onClick={() => download(f)} data-testid={`${testId}-${f}`}>
            <ListItemIcon>{ICONS[f]}</ListItemIcon>
            <ListItemText primary={t(`exports.formats.${f}`)} secondary={t(`exports.formatHints.${f}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
