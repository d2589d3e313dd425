import { useState, type ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client.ts';

export interface AddressOption {
  ref: string;
  label: string;
  /** What the order stores when it differs from the label (a city's name vs its `present`). */
  name?: string;
  secondary?: string;
}

interface Props {
  id: string;
  label: string;
  testId: string;
  /** The chosen name (what the order stores) and its ref (undefined when typed by hand). */
  value: { name?: string | undefined; ref?: string | undefined };
  onChange: (v: { name?: string; ref?: string }) => void;
  onInputChange: (text: string) => void;
  options: AddressOption[];
  loading: boolean;
  error: unknown;
  errorText?: string | undefined;
  disabled?: boolean;
  required?: boolean;
  /** What to show with no options before the user types. */
  hint?: ReactNode;
  /** A note under the field when there is no error (e.g. a typed street not picked from the list). */
  helper?: string | undefined;
}

/**
 * An MUI Autocomplete over Nova Poshta addresses. freeSolo: when the carrier is down (503
 * CarrierUnavailable, its message shows as noOptionsText) the user types the name by hand.
 */
export function AddressAutocomplete({
  id,
  label,
  testId,
  value,
  onChange,
  onInputChange,
  options,
  loading,
  error,
  errorText,
  disabled,
  required,
  hint,
  helper,
}: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState(value.name ?? '');
  const selected: AddressOption | null = value.name ? (options.find((o) => o.ref === value.ref) ?? { ref: value.ref ?? '', label: value.name }) : null;
  const carrierDown = isApiError(error) ? error.message : undefined;
  return (
    <Autocomplete<AddressOption, false, false, true>
      id={id}
      freeSolo
      forcePopupIcon
      disabled={disabled ?? false}
      options={options}
      filterOptions={(x) => x}
      loading={loading}
      loadingText={t('common.loading')}
      noOptionsText={carrierDown ?? hint ?? t('orders.address.noOptions')}
      value={selected}
      inputValue={input}
      isOptionEqualToValue={(a, b) => typeof b !== 'string' && a.ref === b.ref && a.label === b.label}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.label)}
      getOptionKey={(o) => (typeof o === 'string' ? o : o.ref || o.label)}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <span>
              {o.label}
              {o.secondary && (
                <>
                  <br />
                  <small style={{ opacity: 0.7 }}>{o.secondary}</small>
                </>
              )}
            </span>
          </li>
        );
      }}
      onInputChange={(_e, text, reason) => {
        setInput(text);
        if (reason === 'input') {
          onInputChange(text);
          // Typed by hand: the name without a ref (a pick from the list sets both).
          onChange(text ? { name: text } : {});
        }
        if (reason === 'clear') {
          onInputChange('');
          onChange({});
        }
      }}
      onChange={(_e, v) => {
        if (v === null) onChange({});
        else if (typeof v === 'string') onChange(v ? { name: v } : {});
        else onChange({ name: v.name ?? v.label, ref: v.ref });
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required ?? false}
          error={Boolean(errorText)}
          helperText={errorText ?? (carrierDown ? carrierDown : helper)}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `${testId}-input` } }}
        />
      )}
      data-testid={testId}
    />
  );
}
