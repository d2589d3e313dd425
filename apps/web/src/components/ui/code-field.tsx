import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { CODE_LENGTH } from '@drop/shared';
import { mergeSlotProps } from './merge-slot-props.ts';

/** A 6-digit one-time code: digits only, numeric keyboard. */
export function CodeField({
  value,
  onValueChange,
  slotProps,
  ...props
}: Omit<TextFieldProps, 'onChange' | 'value'> & {
  value: string;
  onValueChange: (v: string) => void;
}) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={(e) => onValueChange(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
      slotProps={{
        ...slotProps,
        htmlInput: mergeSlotProps(slotProps?.htmlInput, {
          inputMode: 'numeric',
          pattern: '[0-9]*',
          maxLength: CODE_LENGTH,
          autoComplete: 'one-time-code',
          'data-testid': props.id ? `${props.id}-input` : 'code-input',
          style: { letterSpacing: '0.4em', fontSize: '1.25rem' },
        }),
      }}
    />
  );
}
