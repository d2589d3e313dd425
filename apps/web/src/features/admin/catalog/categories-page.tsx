/**
 * /admin/catalog/categories: the category tree (expand/collapse, expand all), add a root or a
 * child category, rename (uk/ru) and change the sort order in a dialog.
 * Test ids: categories-page, category-node (data-category-id, data-depth), category-toggle-{id},
 * category-add-child-{id}, category-edit-{id}, category-add-root, categories-expand-all,
 * categories-collapse-all, category-dialog, category-name-uk, category-name-ru, category-sort,
 * category-submit; hidden and unsorted markers category-hidden-{id}, category-unsorted-{id} (a link to its
 * products), category-visibility-{id} (publish / hide, confirmed in category-visibility-dialog with
 * category-visibility-confirm), unsorted-alert with unsorted-open; the archive marker category-archive-{id};
 * category-delete-{id} (disabled with its reason as the tooltip when the category is not empty),
 * confirmed in category-delete-dialog; the dialog's looks: see category-appearance.tsx.
 */
import { useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolderOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import { Link as RouterLink } from 'react-router';
import UnfoldLessIcon from '@mui/icons-material/UnfoldLess';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { HEX_COLOR, type AdminCategoryDto, type CategoryIconName } from '@drop/shared';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Inventory2Icon from '@mui/icons-material/Inventory2Outlined';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { CATEGORY_ICON_COMPONENTS } from '../../../components/ui/category-icons.tsx';
import { CategoryPicture, ColorPicker, IconPicker } from './category-appearance.tsx';
import { useDeleteCategory } from './editor-api.ts';
import { useEditorT } from './editor-i18n.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { applyServerErrors, muiField, validationMessage } from '../../../lib/form.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useAdminCategories, useSaveCategory, useSetCategoryHidden } from './api.ts';
import { useCatalogT } from './i18n.ts';
import { buildTree, parentIds, type CategoryNode } from './lib/tree.ts';

const name = z.string().trim().min(1, 'required').max(255, 'too_long');
const categoryForm = z.object({
  name_uk: name,
  name_ru: name,
  sort: z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, 'invalid_value')
    .refine((v) => Number(v) <= 1_000_000, 'too_big'),
  icon: z.string().nullable(),
  icon_color: z
    .string()
    .trim()
    .refine((v) => v === '' || HEX_COLOR.test(v), 'invalid_value'),
});
type CategoryForm = z.infer<typeof categoryForm>;

/** What the dialog edits: an existing category, or a new one under `parent` (null: a root). */
export type CategoryTarget = { kind: 'edit'; category: AdminCategoryDto } | { kind: 'new'; parent: AdminCategoryDto | null };

function CategoryDialog({ target, onClose }: { target: CategoryTarget; onClose: () => void }) {
  const { t, tc } = useCatalogT();
  const toast = useToast();
  const save = useSaveCategory();
  const id = useId();
  const [error, setErrorText] = useState<string | null>(null);
  const editing = target.kind === 'edit' ? target.category : null;
  const form = useForm<CategoryForm>({
    resolver: zodResolver(categoryForm),
    defaultValues: {
      name_uk: editing?.name_uk ?? '',
      name_ru: editing?.name_ru ?? '',
      sort: String(editing?.sort ?? 0),
      icon: editing?.icon ?? null,
      icon_color: editing?.icon_color ?? '',
    },
  });
  const iconColor = useWatch({ control: form.control, name: 'icon_color' });
  const submit = form.handleSubmit((v) => {
    setErrorText(null);
    const input = {
      name_uk: v.name_uk,
      name_ru: v.name_ru,
      sort: Number(v.sort),
      icon: v.icon as CategoryIconName | null,
      icon_color: v.icon_color.trim() || null,
    };
    save.mutate(
      editing ? { id: editing.id, input } : { id: null, input: { ...input, parent_id: target.kind === 'new' ? (target.parent?.id ?? null) : null } },
      {
        onSuccess: () => {
          toast.success(editing ? t('categories.saved') : t('categories.created'));
          onClose();
        },
        onError: (e) => {
          if (!applyServerErrors(e, form.setError, ['name_uk', 'name_ru', 'sort', 'icon', 'icon_color']))
            setErrorText(isApiError(e) ? e.message : tc('errors.generic'));
        },
      },
    );
  });
  const field = (n: keyof CategoryForm, label: string, extra: object = {}) => (
    <Controller
      control={form.control}
      name={n}
      render={({ field: f, fieldState }) => (
        <TextField
          {...muiField(f)}
          label={label}
          required
          error={!!fieldState.error}
          helperText={validationMessage(fieldState.error?.message)}
          slotProps={{ htmlInput: { 'data-testid': `category-${n.replace('_', '-')}`, ...extra } }}
        />
      )}
    />
  );
  const title = editing
    ? t('categories.editTitle')
    : target.kind === 'new' && target.parent
      ? t('categories.addChildTitle', { parent: target.parent.name_uk })
      : t('categories.addRootTitle');
  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
      data-testid="category-dialog"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: (e: React.FormEvent) => (e.preventDefault(), void submit()) } as object }}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {field('name_uk', t('categories.nameUk'), { maxLength: 255 })}
          {field('name_ru', t('categories.nameRu'), { maxLength: 255 })}
          {field('sort', t('categories.sort'), { inputMode: 'numeric' })}
          <Controller
            control={form.control}
            name="icon_color"
            render={({ field: f, fieldState }) => <ColorPicker value={f.value} onChange={f.onChange} error={fieldState.error?.message} />}
          />
          <Controller
            control={form.control}
            name="icon"
            render={({ field: f }) => <IconPicker value={f.value} color={iconColor} onChange={(v) => f.onChange(v)} />}
          />
          <CategoryPicture category={editing} />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          {tc('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending} data-testid="category-submit">
          {tc('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Publishing or hiding a category, confirmed: resellers see or lose it and everything below it. */
function VisibilityDialog({ category, onClose }: { category: AdminCategoryDto; onClose: () => void }) {
  const { t, tc, i18n } = useCatalogT();
  const toast = useToast();
  const setHidden = useSetCategoryHidden();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const publish = category.hidden;
  const vars = {
    name: i18n.language === 'ru' ? category.name_ru || category.name_uk : category.name_uk,
    products: t('categories.products', { count: category.products_count }),
  };
  const confirm = () => {
    if (setHidden.isPending) return;
    setError(null);
    setHidden.mutate(
      { id: category.id, hidden: !publish },
      {
        onSuccess: () => {
          toast.success(publish ? t('categories.published') : t('categories.hiddenDone'));
          onClose();
        },
        onError: (e) => setError(isApiError(e) ? e.message : tc('errors.generic')),
      },
    );
  };
  return (
    <Dialog
      open
      onClose={setHidden.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid="category-visibility-dialog"
    >
      <DialogTitle id={`${id}-title`}>{publish ? t('categories.publishTitle') : t('categories.hideTitle')}</DialogTitle>
      <DialogContent>
        <Typography id={`${id}-text`}>
          {publish ? (category.unsorted ? t('categories.publishUnsortedText', vars) : t('categories.publishText', vars)) : t('categories.hideText', vars)}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={setHidden.isPending}>
          {tc('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color={publish ? 'primary' : 'warning'}
          onClick={confirm}
          loading={setHidden.isPending}
          data-testid="category-visibility-confirm"
        >
          {publish ? t('categories.publishConfirm') : t('categories.hideConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Hidden marks: a warning-coloured outline and icon, the text in the body colour (contrast). */
export const HIDDEN_CHIP = { borderColor: 'warning.main', '& .MuiChip-icon': { color: 'warning.main' } } as const;

export const unsortedProductsPath = (id: number) => `/admin/catalog/products?category_id=${id}`;

function Node({
  node,
  depth,
  open,
  onToggle,
  onEdit,
  onVisibility,
  onDelete,
  hiddenAbove = false,
}: {
  node: CategoryNode;
  depth: number;
  open: Set<number>;
  onToggle: (id: number) => void;
  onEdit: (t: CategoryTarget) => void;
  onVisibility: (c: AdminCategoryDto) => void;
  onDelete: (c: AdminCategoryDto) => void;
  hiddenAbove?: boolean;
}) {
  const { t } = useCatalogT();
  const { t: te } = useEditorT();
  const Icon = node.icon && Object.hasOwn(CATEGORY_ICON_COMPONENTS, node.icon) ? CATEGORY_ICON_COMPONENTS[node.icon as CategoryIconName] : null;
  // Why it cannot be deleted (the server checks again, counting live).
  const keep =
    node.unsorted || node.archive
      ? te('category.protected')
      : node.children.length > 0 || node.children_count > 0
        ? te('category.notEmptyChildren')
        : node.products_count > 0
          ? te('category.notEmptyProducts')
          : null;
  const expanded = open.has(node.id);
  const hasChildren = node.children.length > 0;
  return (
    <Box
      component="li"
      role="treeitem"
      aria-expanded={hasChildren ? expanded : undefined}
      aria-level={depth + 1}
      sx={{ listStyle: 'none' }}
      data-testid="category-node"
      data-category-id={node.id}
      data-depth={depth}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          pl: { xs: depth * 1.5, sm: depth * 3 },
          py: 0.25,
          borderBottom: 1,
          borderColor: 'divider',
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Box sx={{ width: 40, flexShrink: 0 }}>
          {hasChildren && (
            <IconButton
              size="small"
              onClick={() => onToggle(node.id)}
              aria-label={expanded ? t('categories.collapse', { name: node.name_uk }) : t('categories.expand', { name: node.name_uk })}
              data-testid={`category-toggle-${node.id}`}
            >
              {expanded ? <ExpandMoreIcon /> : <ChevronRightIcon />}
            </IconButton>
          )}
        </Box>
        {(Icon || node.image_url) && (
          <Box sx={{ width: 32, height: 32, flexShrink: 0, display: 'grid', placeItems: 'center' }} data-testid={`category-look-${node.id}`}>
            {Icon ? (
              <Icon
                fontSize="small"
                sx={{ color: node.icon_color && HEX_COLOR.test(node.icon_color) ? node.icon_color : 'primary.main' }}
                data-testid={`category-icon-mark-${node.id}`}
                data-icon={node.icon}
              />
            ) : (
              <Box component="img" src={node.image_url!} alt="" sx={{ width: 32, height: 32, objectFit: 'contain', borderRadius: 0.5 }} />
            )}
          </Box>
        )}
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography
            sx={{ fontWeight: depth === 0 ? 600 : 400, overflowWrap: 'anywhere', color: node.hidden || hiddenAbove ? 'text.secondary' : undefined }}
            data-testid="category-name"
          >
            {node.name_uk}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {node.name_ru} · {t('categories.sortValue', { sort: node.sort })} · ID {node.id}
          </Typography>
          {(node.unsorted || node.archive || node.hidden || hiddenAbove) && (
            <Box
              sx={{
                display: 'flex',
                gap: 0.5,
                flexWrap: 'wrap',
                mt: 0.5,
                '& .MuiChip-root': { height: 'auto', minHeight: 24, maxWidth: '100%' },
                '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
              }}
            >
              {node.unsorted && (
                <Chip
                  size="small"
                  color="warning"
                  clickable
                  component={RouterLink}
                  to={unsortedProductsPath(node.id)}
                  label={t('categories.unsorted')}
                  data-testid={`category-unsorted-${node.id}`}
                />
              )}
              {node.archive && (
                <Chip size="small" variant="outlined" icon={<Inventory2Icon />} label={te('category.archive')} data-testid={`category-archive-${node.id}`} />
              )}
              {node.hidden && (
                <Chip
                  size="small"
                  variant="outlined"
                  icon={<VisibilityOffIcon />}
                  label={t('categories.hidden')}
                  sx={HIDDEN_CHIP}
                  data-testid={`category-hidden-${node.id}`}
                />
              )}
              {!node.hidden && hiddenAbove && <Chip size="small" variant="outlined" icon={<VisibilityOffIcon />} label={t('categories.hiddenAbove')} />}
            </Box>
          )}
        </Box>
        <Chip size="small" label={t('categories.products', { count: node.products_count })} sx={{ display: { xs: 'none', sm: 'inline-flex' } }} />
        <Tooltip
          title={
            node.archive ? te('category.archive') : node.hidden ? t('categories.publish', { name: node.name_uk }) : t('categories.hide', { name: node.name_uk })
          }
        >
          <span>
            <IconButton
              disabled={node.archive}
              onClick={() => onVisibility(node)}
              aria-label={node.hidden ? t('categories.publish', { name: node.name_uk }) : t('categories.hide', { name: node.name_uk })}
              data-testid={`category-visibility-${node.id}`}
              color={node.hidden ? 'warning' : 'default'}
            >
              {node.hidden ? <VisibilityOffIcon /> : <VisibilityIcon />}
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('categories.addChild', { name: node.name_uk })}>
          <span>
            <IconButton
              disabled={node.archive}
              onClick={() => onEdit({ kind: 'new', parent: node })}
              aria-label={t('categories.addChild', { name: node.name_uk })}
              data-testid={`category-add-child-${node.id}`}
            >
              <CreateNewFolderIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('categories.edit', { name: node.name_uk })}>
          <IconButton
            onClick={() => onEdit({ kind: 'edit', category: node })}
            aria-label={t('categories.edit', { name: node.name_uk })}
            data-testid={`category-edit-${node.id}`}
          >
            <EditIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={keep ?? te('category.delete', { name: node.name_uk })}>
          {/* A disabled button gets no pointer events: the span carries the reason's tooltip. */}
          <span data-testid={`category-delete-reason-${node.id}`} aria-label={keep ?? undefined}>
            <IconButton
              disabled={keep !== null}
              onClick={() => onDelete(node)}
              aria-label={te('category.delete', { name: node.name_uk })}
              data-testid={`category-delete-${node.id}`}
            >
              <DeleteIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      {hasChildren && expanded && (
        <Box component="ul" role="group" sx={{ m: 0, p: 0 }}>
          {node.children.map((c) => (
            <Node
              key={c.id}
              node={c}
              depth={depth + 1}
              open={open}
              onToggle={onToggle}
              onEdit={onEdit}
              onVisibility={onVisibility}
              onDelete={onDelete}
              hiddenAbove={hiddenAbove || node.hidden}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

export function CategoriesPage() {
  const { t, tc, i18n } = useCatalogT();
  const categories = useAdminCategories();
  const tree = useMemo(() => buildTree(categories.data ?? []), [categories.data]);
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const [target, setTarget] = useState<CategoryTarget | null>(null);
  const [visibility, setVisibility] = useState<AdminCategoryDto | null>(null);
  const [toDelete, setToDelete] = useState<AdminCategoryDto | null>(null);
  const { t: te } = useEditorT();
  const toast = useToast();
  const del = useDeleteCategory();
  const confirmDelete = () => {
    if (!toDelete || del.isPending) return;
    del.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(te('category.deleted'));
        setToDelete(null);
      },
      onError: (e) => {
        toast.error(isApiError(e) ? e.message : tc('errors.generic'));
        setToDelete(null);
      },
    });
  };
  const unsorted = categories.data?.find((c) => c.unsorted && c.products_count > 0);
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const edit = (tg: CategoryTarget) => {
    // A child added under a collapsed parent shows up: open the parent.
    if (tg.kind === 'new' && tg.parent) setOpen((prev) => new Set(prev).add(tg.parent!.id));
    setTarget(tg);
  };
  return (
    <Box data-testid="categories-page">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setTarget({ kind: 'new', parent: null })} data-testid="category-add-root">
          {t('categories.addRoot')}
        </Button>
        <Button startIcon={<UnfoldMoreIcon />} onClick={() => setOpen(new Set(parentIds(tree)))} data-testid="categories-expand-all">
          {t('categories.expandAll')}
        </Button>
        <Button startIcon={<UnfoldLessIcon />} onClick={() => setOpen(new Set())} data-testid="categories-collapse-all">
          {t('categories.collapseAll')}
        </Button>
      </Box>
      {unsorted && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          data-testid="unsorted-alert"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={unsortedProductsPath(unsorted.id)} data-testid="unsorted-open">
              {t('categories.unsortedOpen')}
            </Button>
          }
        >
          {t('categories.unsortedAlert', {
            name: i18n.language === 'ru' ? unsorted.name_ru || unsorted.name_uk : unsorted.name_uk,
            products: t('categories.products', { count: unsorted.products_count }),
          })}
        </Alert>
      )}
      {categories.isPending ? (
        <Stack spacing={1} aria-busy="true" aria-label={tc('common.loading')}>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} variant="rounded" height={44} />
          ))}
        </Stack>
      ) : categories.isError ? (
        <EmptyState
          title={tc('errors.loadFailed')}
          icon={<ErrorOutlineIcon />}
          action={
            <Button variant="contained" onClick={() => void categories.refetch()}>
              {tc('common.retry')}
            </Button>
          }
        />
      ) : tree.length === 0 ? (
        <EmptyState title={t('categories.empty')} icon={<CreateNewFolderIcon />} />
      ) : (
        <Paper variant="outlined">
          <Box component="ul" role="tree" aria-label={t('categories.title')} sx={{ m: 0, p: 0 }}>
            {tree.map((n) => (
              <Node key={n.id} node={n} depth={0} open={open} onToggle={toggle} onEdit={edit} onVisibility={setVisibility} onDelete={setToDelete} />
            ))}
          </Box>
        </Paper>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={te('category.deleteTitle')}
        text={te('category.deleteText', { name: toDelete ? (i18n.language === 'ru' ? toDelete.name_ru || toDelete.name_uk : toDelete.name_uk) : '' })}
        confirmLabel={te('category.deleteConfirm')}
        cancelLabel={tc('common.cancel')}
        busy={del.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
        testId="category-delete-dialog"
      />
      {visibility && <VisibilityDialog key={visibility.id} category={visibility} onClose={() => setVisibility(null)} />}
      {target && (
        <CategoryDialog
          key={target.kind === 'edit' ? `e${target.category.id}` : `n${target.parent?.id ?? 0}`}
          target={target}
          onClose={() => setTarget(null)}
        />
      )}
    </Box>
  );
}
