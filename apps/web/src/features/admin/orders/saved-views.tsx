/**
 * Saved views of the staff's orders list (issue 29 point 3; `/api/v1/admin/views?list=orders`):
 * the person's own views as chips (a click applies one: its filters, columns, sort and rows per
 * page become the URL; the one the list shows now is highlighted), each with a menu to rename it,
 * save the current list into it, or delete it; "Save view" names the current list. Toasts tell
 * how each went. Test ids: saved-views, saved-view (data-view-id, aria-pressed), saved-view-menu,
 * saved-view-rename, saved-view-update, saved-view-delete, save-view, save-view-name, save-view-submit.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAddOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { STAFF_VIEW_NAME_MAX, STAFF_VIEWS_MAX, staffViewDto, type OrderViewParams, type StaffViewDto } from '@drop/shared';
import { api, isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { isSameView } from './list-state.ts';
import { useOrdersT } from './i18n.ts';

export const staffViewKeys = { list: (list: string) => ['staff-views', list] as const };

export function useStaffViews() {
  return useQuery({ queryKey: staffViewKeys.list('orders'), queryFn: ({ signal }) => api.get('/admin/views?list=orders', z.array(staffViewDto), { signal }) });
}

function useViewMutations() {
  const client = useQueryClient();
  const onSuccess = () => void client.invalidateQueries({ queryKey: staffViewKeys.list('orders') });
  return {
    create: useMutation({
      mutationFn: (v: { name: string; params: OrderViewParams }) => api.post('/admin/views', { list: 'orders', ...v }, staffViewDto),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ id, ...v }: { id: number; name?: string; params?: OrderViewParams }) => api.put(`/admin/views/${id}`, v, staffViewDto),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => api.delete(`/admin/views/${id}`), onSuccess }),
  };
}

/** The name dialog (save as, rename): the API's 422 on `name` (taken, too many) is shown under the field. */
function NameDialog({
  title,
  initial,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  title: string;
  initial: string;
  busy: boolean;
  error: string | undefined;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t, tc } = useOrdersT();
  const [name, setName] = useState(initial);
  const empty = name.trim() === '';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="save-view-title">
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!empty) onSubmit(name.trim());
        }}
      >
        <DialogTitle id="save-view-title">{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('views.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={!!error}
            helperText={error ?? t('views.nameHint', { max: STAFF_VIEW_NAME_MAX })}
            slotProps={{ htmlInput: { maxLength: STAFF_VIEW_NAME_MAX, 'data-testid': 'save-view-name' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{tc('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={busy} disabled={empty} data-testid="save-view-submit">
            {tc('common.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function SavedViews({ current, onApply }: { current: OrderViewParams; onApply: (v: OrderViewParams) => void }) {
  const { t, tc } = useOrdersT();
  const toast = useScopedToast();
  const views = useStaffViews();
  const m = useViewMutations();
  const [dialog, setDialog] = useState<{ mode: 'create' } | { mode: 'rename'; view: StaffViewDto } | null>(null);
  const [nameError, setNameError] = useState<string | undefined>();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; view: StaffViewDto } | null>(null);
  const items = views.data ?? [];
  const failed = (e: unknown) => {
    if (isApiError(e) && e.errors?.name?.[0]) setNameError(e.errors.name[0]);
    else toast.error(isApiError(e) ? e.message : tc('errors.generic'));
  };
  const close = () => {
    setDialog(null);
    setNameError(undefined);
  };
  const submit = (name: string) => {
    if (!dialog) return;
    if (dialog.mode === 'create')
      m.create.mutate(
        { name, params: current },
        {
          onSuccess: (v) => {
            toast.success(t('views.saved', { name: v.name }));
            close();
          },
          onError: failed,
        },
      );
    else
      m.update.mutate(
        { id: dialog.view.id, name },
        {
          onSuccess: (v) => {
            toast.success(t('views.renamed', { name: v.name }));
            close();
          },
          onError: failed,
        },
      );
  };

  return (
    <Box
      role="group"
      aria-label={t('views.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75, mb: 1.5 }}
      data-testid="saved-views"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
        {t('views.label')}:
      </Typography>
      {views.isSuccess && items.length === 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="saved-views-empty">
          {t('views.none')}
        </Typography>
      )}
      {items.map((v) => {
        const on = isSameView(v.params, current);
        return (
          <Chip
            key={v.id}
            label={v.name}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            onClick={() => {
              onApply(v.params);
              toast.info(t('views.applied', { name: v.name }));
            }}
            aria-pressed={on}
            data-testid="saved-view"
            data-view-id={v.id}
            deleteIcon={<MoreVertIcon aria-label={t('views.menu', { name: v.name })} data-testid="saved-view-menu" />}
            onDelete={(e: React.MouseEvent<HTMLElement>) =>
              setMenu({ anchor: (e.currentTarget.closest('[data-testid="saved-view"]') as HTMLElement | null) ?? e.currentTarget, view: v })
            }
          />
        );
      })}
      <Button
        size="small"
        startIcon={<BookmarkAddIcon />}
        onClick={() => setDialog({ mode: 'create' })}
        disabled={items.length >= STAFF_VIEWS_MAX}
        title={items.length >= STAFF_VIEWS_MAX ? t('views.limit', { max: STAFF_VIEWS_MAX }) : undefined}
        data-testid="save-view"
      >
        {t('views.save')}
      </Button>
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            if (menu) setDialog({ mode: 'rename', view: menu.view });
            setMenu(null);
          }}
          data-testid="saved-view-rename"
        >
          {t('views.rename')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            const v = menu?.view;
            setMenu(null);
            if (v) m.update.mutate({ id: v.id, params: current }, { onSuccess: () => toast.success(t('views.updated', { name: v.name })), onError: failed });
          }}
          data-testid="saved-view-update"
        >
          {t('views.update')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            const v = menu?.view;
            setMenu(null);
            if (v) m.remove.mutate(v.id, { onSuccess: () => toast.success(t('views.deleted', { name: v.name })), onError: failed });
          }}
          sx={{ color: 'error.main' }}
          data-testid="saved-view-delete"
        >
          {t('views.delete')}
        </MenuItem>
      </Menu>
      {dialog && (
        <NameDialog
          title={dialog.mode === 'create' ? t('views.saveTitle') : t('views.renameTitle')}
          initial={dialog.mode === 'rename' ? dialog.view.name : ''}
          busy={m.create.isPending || m.update.isPending}
          error={nameError}
          onSubmit={submit}
          onClose={close}
        />
      )}
    </Box>
  );
}
