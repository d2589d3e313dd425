/**
 * A category's looks in the back office (SPEC Category: image_url, icon, icon_color): an icon
 * picker (a grid of the allowed Material icons), a colour picker (swatches and a #RRGGBB field)
 * and the picture (upload with a preview, remove; saved at once, so only for a saved category).
 * Test ids: category-icon-picker, category-icon-{Name} (aria-pressed), category-icon-none,
 * category-color-picker, category-color-{hex without #}, category-color-none, category-color-hex,
 * category-picture, category-picture-img, category-picture-upload, category-picture-input,
 * category-picture-remove.
 */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import UploadIcon from '@mui/icons-material/FileUploadOutlined';
import { CATEGORY_ICONS, HEX_COLOR, type AdminCategoryDto, type CategoryIconName } from '@drop/shared';
import { CATEGORY_ICON_COMPONENTS } from '../../../components/ui/category-icons.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { PRODUCT_IMAGE_MAX_MB } from './api.ts';
import { useCategoryImage } from './editor-api.ts';
import { useEditorT } from './editor-i18n.ts';

/** Material palette tones that read well as icon colours on white. */
export const ICON_SWATCHES = [
  '#E53935',
  '#D81B60',
  '#8E24AA',
  '#5E35B1',
  '#1E88E5',
  '#00897B',
  '#43A047',
  '#7CB342',
  '#FDD835',
  '#FB8C00',
  '#FD9207',
  '#6D4C41',
  '#546E7A',
  '#212121',
] as const;
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

const tile = (selected: boolean) =>
  ({
    width: 44,
    height: 44,
    borderRadius: 1,
    border: 2,
    borderColor: selected ? 'primary.main' : 'divider',
    bgcolor: selected ? 'action.selected' : 'background.paper',
    '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
  }) as const;

export function IconPicker({ value, color, onChange }: { value: string | null; color: string; onChange: (v: CategoryIconName | null) => void }) {
  const { t } = useEditorT();
  const tint = HEX_COLOR.test(color) ? color : undefined;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {t('category.icon')}
      </FormLabel>
      <Box role="group" data-testid="category-icon-picker" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, 44px)', gap: 0.75 }}>
        <Tooltip title={t('category.iconNone')}>
          <ButtonBase
            aria-label={t('category.iconNone')}
            aria-pressed={value === null}
            onClick={() => onChange(null)}
            sx={tile(value === null)}
            data-testid="category-icon-none"
          >
            <BlockIcon sx={{ color: 'text.secondary' }} />
          </ButtonBase>
        </Tooltip>
        {CATEGORY_ICONS.map((name) => {
          const Icon = CATEGORY_ICON_COMPONENTS[name];
          return (
            <Tooltip key={name} title={name}>
              <ButtonBase
                aria-label={t('category.iconChoose', { name })}
                aria-pressed={value === name}
                onClick={() => onChange(name)}
                sx={tile(value === name)}
                data-testid={`category-icon-${name}`}
              >
                <Icon sx={{ color: tint ?? 'primary.main' }} />
              </ButtonBase>
            </Tooltip>
          );
        })}
      </Box>
    </Box>
  );
}

/** Swatches and a hex field; `value` is the field's text ('' = no colour). */
export function ColorPicker({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string | undefined }) {
  const { t } = useEditorT();
  const current = value.trim().toUpperCase();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {t('category.color')}
      </FormLabel>
      <Box role="group" data-testid="category-color-picker" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 1.5 }}>
        <Tooltip title={t('category.colorNone')}>
          <ButtonBase
            aria-label={t('category.colorNone')}
            aria-pressed={current === ''}
            onClick={() => onChange('')}
            sx={{ ...tile(current === ''), width: 36, height: 36 }}
            data-testid="category-color-none"
          >
            <BlockIcon fontSize="small" sx={{ color: 'text.secondary' }} />
          </ButtonBase>
        </Tooltip>
        {ICON_SWATCHES.map((c) => (
          <Tooltip key={c} title={c}>
            <ButtonBase
              aria-label={t('category.colorSwatch', { color: c })}
              aria-pressed={current === c}
              onClick={() => onChange(c)}
              sx={{ ...tile(current === c), width: 36, height: 36, p: '4px', bgcolor: 'background.paper' }}
              data-testid={`category-color-${c.slice(1)}`}
            >
              <Box sx={{ width: '100%', height: '100%', borderRadius: 0.5, bgcolor: c }} />
            </ButtonBase>
          </Tooltip>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          size="small"
          label={t('category.colorHex')}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          error={!!error}
          sx={{ maxWidth: 200 }}
          slotProps={{ htmlInput: { 'data-testid': 'category-color-hex', maxLength: 7, spellCheck: false, autoComplete: 'off' } }}
        />
        <Box
          aria-hidden
          sx={{
            width: 40,
            height: 40,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            bgcolor: HEX_COLOR.test(value.trim()) ? value.trim() : 'transparent',
            flexShrink: 0,
          }}
        />
      </Box>
      {error && <FormHelperText error>{t('category.colorInvalid')}</FormHelperText>}
    </Box>
  );
}

export function CategoryPicture({ category }: { category: AdminCategoryDto | null }) {
  const { t } = useEditorT();
  const toast = useScopedToast();
  const { upload, remove } = useCategoryImage();
  const input = useRef<HTMLInputElement>(null);
  // The picture as the last answer left it (the list refetches behind the dialog).
  const [url, setUrl] = useState(category?.image_url ?? null);
  const fail = (e: unknown) => toast.error(isApiError(e) ? e.message : String(e));
  if (!category) {
    return (
      <Box>
        <FormLabel>{t('category.picture')}</FormLabel>
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('category.pictureAfterCreate')}
        </Alert>
      </Box>
    );
  }
  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!PICTURE_TYPES.includes(file.type)) return toast.error(t('category.pictureHint', { max: PRODUCT_IMAGE_MAX_MB }));
    if (file.size > PRODUCT_IMAGE_MAX_MB * 1024 * 1024) return toast.error(t('category.pictureHint', { max: PRODUCT_IMAGE_MAX_MB }));
    upload.mutate(
      { id: category.id, file },
      {
        onSuccess: (c) => {
          setUrl(c.image_url);
          toast.success(t('category.pictureSaved'));
        },
        onError: fail,
      },
    );
  };
  return (
    <Box data-testid="category-picture">
      <FormLabel>{t('category.picture')}</FormLabel>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
        <Box
          sx={{
            width: 96,
            height: 96,
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            overflow: 'hidden',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'grey.50',
            flexShrink: 0,
          }}
        >
          {url ? (
            <Box
              component="img"
              src={url}
              alt={t('category.pictureAlt', { name: category.name_uk })}
              sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
              data-testid="category-picture-img"
            />
          ) : (
            <Typography variant="caption" color="text.secondary">
              —
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
          <Button
            variant="outlined"
            size="small"
            startIcon={<UploadIcon />}
            loading={upload.isPending}
            onClick={() => input.current?.click()}
            data-testid="category-picture-upload"
          >
            {url ? t('category.pictureReplace') : t('category.pictureUpload')}
          </Button>
          {url && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteIcon />}
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(category.id, {
                  onSuccess: (c) => {
                    setUrl(c.image_url);
                    toast.success(t('category.pictureRemoved'));
                  },
                  onError: fail,
                })
              }
              data-testid="category-picture-remove"
            >
              {t('category.pictureRemove')}
            </Button>
          )}
        </Box>
      </Box>
      <FormHelperText>{t('category.pictureHint', { max: PRODUCT_IMAGE_MAX_MB })}</FormHelperText>
      <input
        ref={input}
        type="file"
        hidden
        accept={PICTURE_TYPES.join(',')}
        onChange={(e) => onFile(e.target.files?.[0])}
        data-testid="category-picture-input"
      />
    </Box>
  );
}
