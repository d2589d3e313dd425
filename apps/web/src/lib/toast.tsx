import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { TOAST_MS } from '@drop/shared';

export type ToastType = 'warning' | 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  message: string;
  type: ToastType;
}

export interface ToastApi {
  /** Shows a toast at once, replacing the one on screen; returns its id (for `dismiss`). */
  show: (message: string, type?: ToastType) => number;
  success: (message: string) => number;
  error: (message: string) => number;
  warning: (message: string) => number;
  info: (message: string) => number;
  /** Hides the toast with this id if it is still the one on screen (a newer one is left alone). */
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

let nextId = 1;

/**
 * One toast at a time on MUI Snackbar + Alert, TOAST_MS each. The newest message replaces the current
 * one at once (no queue: a message is never shown after a later action's). Success notices live in the
 * provider, above the routes, so they survive navigation; dialogs and forms raise their warnings and
 * errors through `useScopedToast`, which takes them away when the dialog closes or unmounts.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<ToastItem | null>(null);
  const [open, setOpen] = useState(false);
  const currentId = useRef<number | null>(null);

  const show = useCallback((message: string, type: ToastType = 'info') => {
    const id = nextId++;
    currentId.current = id;
    setCurrent({ id, message, type });
    setOpen(true);
    return id;
  }, []);

  const dismiss = useCallback((id: number) => {
    if (currentId.current !== id) return;
    currentId.current = null;
    setOpen(false);
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      success: (m) => show(m, 'success'),
      error: (m) => show(m, 'error'),
      warning: (m) => show(m, 'warning'),
      info: (m) => show(m, 'info'),
      dismiss,
    }),
    [show, dismiss],
  );

  const close = (_e?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    currentId.current = null;
    setOpen(false);
  };

  return (
    <ToastContext.Provider value={api}>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open={open}
          autoHideDuration={TOAST_MS}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          slotProps={{
            transition: {
              onExited: () => {
                const exited = current.id;
                setCurrent((c) => (c && c.id === exited ? null : c));
              },
            },
          }}
        >
          <Alert onClose={close} closeText={t('common.close')} severity={current.type} variant="filled" sx={{ width: '100%' }} data-testid="toast">
            {current.message}
          </Alert>
        </Snackbar>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}

/**
 * Toasts for a dialog or form: its warnings, errors and info notices are dismissed when `active` turns
 * false (the dialog closes) or the component unmounts, so they never outlive it. Success notices are
 * not tied to it: one that leads to a new screen (store created, registration confirmed) stays there.
 */
export function useScopedToast(active = true): ToastApi {
  const toast = useToast();
  const owned = useRef(new Set<number>());

  const dismissOwned = useCallback(() => {
    for (const id of owned.current) toast.dismiss(id);
    owned.current.clear();
  }, [toast]);

  useEffect(() => {
    if (!active) dismissOwned();
  }, [active, dismissOwned]);
  useEffect(() => dismissOwned, [dismissOwned]);

  return useMemo<ToastApi>(() => {
    const scoped = (message: string, type: ToastType) => {
      const id = toast.show(message, type);
      owned.current.add(id);
      return id;
    };
    return {
      show: (m, type = 'info') => (type === 'success' ? toast.show(m, type) : scoped(m, type)),
      success: (m) => toast.show(m, 'success'),
      error: (m) => scoped(m, 'error'),
      warning: (m) => scoped(m, 'warning'),
      info: (m) => scoped(m, 'info'),
      dismiss: toast.dismiss,
    };
  }, [toast]);
}
