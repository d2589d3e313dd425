import { forwardRef } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { IMaskInput } from 'react-imask';
import { mergeSlotProps } from './merge-slot-props.ts';

/** Displays +38 (0##) ###-##-##; the API normalises it to +380XXXXXXXXX. */
export const PHONE_MASK = '+{38} (\\000) 000-00-00';

interface MaskProps {
  name: string;
  onChange: (event: { target: { name: string; value: string } }) => void;
}

const PhoneMaskInput = forwardRef<HTMLInputElement, MaskProps>(function PhoneMaskInput(props, ref) {
  const { onChange, ...other } = props;
  return <IMaskInput {...other} mask={PHONE_MASK} inputRef={ref} overwrite onAccept={(value: string) => onChange({ target: { name: props.name, value } })} />;
});

export function PhoneField({ testId, slotProps, ...props }: TextFieldProps & { testId?: string }) {
  return (
    <TextField
      {...props}
      type="tel"
      placeholder="+38 (0__) ___-__-__"
      slotProps={{
        ...slotProps,
        input: mergeSlotProps(slotProps?.input, { inputComponent: PhoneMaskInput as never }),
        htmlInput: mergeSlotProps(slotProps?.htmlInput, { inputMode: 'tel', autoComplete: 'tel', ...(testId ? { 'data-testid': testId } : {}) }),
      }}
    />
  );
}
