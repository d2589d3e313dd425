/**
 * A reseller filter (issue 29): type a name, e-mail, phone or id and pick one of the resellers
 * `GET /admin/users?search=&role=reseller` finds (debounced); the value is the reseller's id (the
 * URL keeps only the id, so a chosen one's name is read back with `GET /admin/users/{id}`).
 * Test ids: `testId` on the input, `${testId}-option` (data-user-id) on each suggestion.
 */
import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS } from '@drop/shared';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { adminKeys } from '../api/keys.ts';
import { getUsers, useAdminUser } from '../api/users.ts';
import { useAdminT } from '../i18n.ts';

interface Option {
  id: number;
  name: string;
  email: string;
}

export interface ResellerPickerProps {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  label?: string;
  testId?: string;
  size?: 'small' | 'medium';
  sx?: object;
}

export function ResellerPicker({ value, onChange, label, testId = 'reseller-picker', size = 'small', sx }: ResellerPickerProps) {
  const { t } = useAdminT();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(input.trim().replace(/^#/, ''), SEARCH_DEBOUNCE_MS);
  const filter = { search, role: 'reseller' as const, page: 1, per_page: 20 };
  const found = useQuery({ queryKey: adminKeys.userList(filter), queryFn: () => getUsers(filter), enabled: open && search.length > 0 });
  const chosen = useAdminUser(value ?? 0, value !== undefined);
  const selected: Option | null =
    value === undefined ? null : { id: value, name: chosen.data?.name ?? t('common.resellerN', { id: value }), email: chosen.data?.email ?? '' };
  const options: Option[] = (found.data?.data ?? []).map((u) => ({ id: u.id, name: u.name, email: u.email }));

  return (
    <Autocomplete<Option>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={selected}
      onChange={(_e, v) => {
        setInput('');
        onChange(v?.id);
      }}
      inputValue={open ? input : selected ? `${selected.name} (#${selected.id})` : input}
      onInputChange={(_e, v, reason) => {
        if (reason === 'input' || reason === 'clear') setInput(v);
      }}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(u) => `${u.name} (#${u.id})`}
      loading={found.isFetching}
      loadingText={t('picker.loading')}
      noOptionsText={search ? t('picker.none') : t('picker.type')}
      clearText={t('picker.clear')}
      openText={t('picker.open')}
      closeText={t('picker.close')}
      size={size}
      sx={sx}
      renderOption={({ key, ...props }, u) => (
        <li key={key} {...props} data-testid={`${testId}-option`} data-user-id={u.id}>
          <Box>
            <Typography>{u.name}</Typography>
            <Typography variant="caption" color="text.secondary">
              #{u.id} · {u.email}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(p) => (
        <TextField
          {...p}
          label={label ?? t('picker.label')}
          placeholder={t('picker.placeholder')}
          slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': testId } }}
        />
      )}
    />
  );
}
