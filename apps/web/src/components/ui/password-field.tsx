import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useTranslation } from 'react-i18next';
import { mergeSlotProps } from './merge-slot-props.ts';

/**
 * A password TextField with a show/hide button. Pass it a controlled value (see muiField in
 * lib/form.ts) so the outlined label floats with its notch whenever the field has a value.
 */
export function PasswordField({ testId, slotProps, ...props }: TextFieldProps & { testId?: string }) {
  const { t } = useTranslation();
  const [show, setShow] = useState(false);
  return (
    <TextField
      {...props}
      type={show ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        htmlInput: mergeSlotProps(slotProps?.htmlInput, testId ? { 'data-testid': testId } : {}),
        input: mergeSlotProps(slotProps?.input, {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={show ? t('auth.hidePassword') : t('auth.showPassword')} onClick={() => setShow((s) => !s)} edge="end" tabIndex={-1}>
                {show ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        }),
      }}
    />
  );
}
