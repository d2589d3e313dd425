/**
 * Keyboard work in the back office's queues (issue 28): a document-wide key handler that leaves
 * the keys alone while a person types (inputs, text areas, selects, editable text) or a dialog or
 * menu has the focus or a modal dialog is open, and a small "Клавіші" hint listing what the keys do.
 * Test ids: keys-hint, keys-hint-list.
 */
import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import KeyboardIcon from '@mui/icons-material/KeyboardOutlined';
import { useOrdersT } from './i18n.ts';

/** The key went to a field the person types into (or a dialog, menu or list box that owns its keys). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return !!target.closest('[role="dialog"], [role="menu"], [role="listbox"], [role="combobox"], [contenteditable="true"]');
}

/** A modal dialog, a menu or a popover (the "Клавіші" list) is open: its keys are its own, wherever the focus went. */
export const modalOpen = () => !!document.querySelector('[role="dialog"][aria-modal="true"], .MuiPopover-root');

/** A control that acts on Enter or Space itself (the handler must not act twice). */
export function isControlTarget(target: EventTarget | null): boolean {
  return target instanceof Element && !!target.closest('a[href], button, input, select, textarea, [role="button"], [role="checkbox"], [role="link"]');
}

/** Calls `handler` for keys pressed in the page (not while typing); it returns true when it used the key. */
export function useKeys(handler: (e: KeyboardEvent) => boolean, enabled = true) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.isComposing || isTypingTarget(e.target) || modalOpen()) return;
      if (ref.current(e)) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/** A small "Клавіші" button that shows what the keys do (from md up: phones have no keyboard). */
export function KeysHint({ lines }: { lines: string[] }) {
  const { t } = useOrdersT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        color="inherit"
        startIcon={<KeyboardIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-expanded={!!anchor}
        aria-haspopup="dialog"
        data-testid="keys-hint"
        sx={{ color: 'text.secondary', display: { xs: 'none', md: 'inline-flex' } }}
      >
        {t('keys.button')}
      </Button>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ p: 2, maxWidth: 320 }} role="dialog" aria-label={t('keys.title')} data-testid="keys-hint-list">
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {t('keys.title')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {lines.map((l) => (
              <Typography component="li" variant="body2" key={l}>
                {l}
              </Typography>
            ))}
          </Box>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {t('keys.note')}
          </Typography>
        </Box>
      </Popover>
    </>
  );
}
