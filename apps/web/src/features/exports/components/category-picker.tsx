/**
 * The feed's categories over the catalogue tree: a checkbox per category (a chosen parent means
 * everything below it: its descendants show checked and locked), expand toggles, the count chosen
 * and a clear button; nothing chosen = the whole catalogue.
 * Test ids: export-categories, export-category-{id} (the checkbox input), export-category-toggle-{id},
 * export-categories-summary, export-categories-clear, export-categories-error.
 */
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { CategoryDto } from '@drop/shared';
import { useExportsT } from '../i18n.ts';
import { chosenBelow, impliedBy, parentsOf, toggleCategory } from '../lib/category-selection.ts';

/** The category's name in the UI language, falling back to the other one. */
export function categoryLabel(c: Pick<CategoryDto, 'name' | 'name_uk' | 'name_ru'>, lang: string | undefined): string {
  const ru = lang?.startsWith('ru');
  return (ru ? c.name_ru : c.name_uk)?.trim() || (ru ? c.name_uk : c.name_ru)?.trim() || c.name;
}

export interface CategoryPickerProps {
  tree: readonly CategoryDto[] | undefined;
  loading?: boolean;
  chosen: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}

export function CategoryPicker({ tree, loading = false, chosen, onChange, error }: CategoryPickerProps) {
  const { t, i18n } = useExportsT();
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const parents = useMemo(() => parentsOf(tree ?? []), [tree]);
  const chosenSet = useMemo(() => new Set(chosen), [chosen]);

  const toggleOpen = (id: number) =>
    setOpen((o) => {
      const n = new Set(o);
      if (!n.delete(id)) n.add(id);
      return n;
    });

  const renderNode = (c: CategoryDto, depth: number) => {
    const expanded = open.has(c.id);
    const name = categoryLabel(c, i18n.language);
    const implied = impliedBy(c.id, chosenSet, parents);
    const checked = implied || chosenSet.has(c.id);
    const partly = !checked && chosenBelow(c, chosenSet) > 0;
    return (
      <Box key={c.id} component="li" sx={{ listStyle: 'none' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: depth * 3, py: 0.25, borderBottom: 1, borderColor: 'divider' }}>
          {c.child.length > 0 ? (
            <IconButton
              size="small"
              aria-expanded={expanded}
              aria-label={expanded ? t('form.collapse', { name }) : t('form.expand', { name })}
              onClick={() => toggleOpen(c.id)}
              data-testid={`export-category-toggle-${c.id}`}
            >
              {expanded ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
            </IconButton>
          ) : (
            <Box sx={{ width: 34, flexShrink: 0 }} />
          )}
          <Box
            component="label"
            sx={{ display: 'flex', alignItems: 'center', flexGrow: 1, minWidth: 0, cursor: implied ? 'default' : 'pointer' }}
            title={implied ? t('form.categoryIncluded') : undefined}
          >
            <Checkbox
              size="small"
              checked={checked}
              indeterminate={partly}
              disabled={implied}
              onChange={() => onChange(toggleCategory(chosen, c))}
              sx={{ p: 0.75 }}
              slotProps={{ input: { 'data-testid': `export-category-${c.id}` } as object }}
            />
            <Typography sx={{ flexGrow: 1, minWidth: 0 }} noWrap color={implied ? 'text.secondary' : 'text.primary'}>
              {name}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0, ml: 1, whiteSpace: 'nowrap' }}>
              {t('form.productsCount', { count: c.products_count })}
            </Typography>
          </Box>
        </Box>
        {expanded && c.child.length > 0 && (
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {c.child.map((ch) => renderNode(ch, depth + 1))}
          </Box>
        )}
      </Box>
    );
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, minHeight: 36 }}>
        <Typography sx={{ fontWeight: 600 }} aria-live="polite" data-testid="export-categories-summary">
          {chosen.length === 0 ? t('form.categoriesAll') : t('form.categoriesChosen', { count: chosen.length })}
        </Typography>
        {chosen.length > 0 && (
          <Button size="small" onClick={() => onChange([])} data-testid="export-categories-clear">
            {t('form.categoriesClear')}
          </Button>
        )}
      </Box>
      {error && (
        <Typography color="error" variant="body2" role="alert" sx={{ mb: 1 }} data-testid="export-categories-error">
          {error}
        </Typography>
      )}
      {loading ? (
        <Stack spacing={1}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={36} />
          ))}
        </Stack>
      ) : !tree ? (
        <Typography color="error" variant="body2">
          {t('form.categoriesFailed')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, borderTop: 1, borderColor: 'divider' }} data-testid="export-categories">
          {tree.map((c) => renderNode(c, 0))}
        </Box>
      )}
    </Box>
  );
}
