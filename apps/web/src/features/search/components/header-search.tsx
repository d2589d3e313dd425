import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

/** Header search: Enter goes to /dashboard/search-products?search=... (the catalogue issue adds the dropdown). */
export function HeaderSearch({ testId = 'header-search' }: { testId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [text, setText] = useState(() => params.get('search') ?? '');

  return (
    <TextField
      size="small"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          const q = text.trim();
          void navigate(q ? `/dashboard/search-products?search=${encodeURIComponent(q)}` : '/dashboard/search-products');
        }
      }}
      placeholder={t('shell.searchPlaceholder')}
      sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
      slotProps={{
        htmlInput: { 'aria-label': t('shell.searchLabel'), 'data-testid': testId, type: 'search', enterKeyHint: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
