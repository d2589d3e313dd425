import { forwardRef } from 'react';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { IMaskInput } from 'react-imask';
import { mergeSlotProps } from '../../../components/ui/merge-slot-props.ts';

export const CARD_MASK = '0000 0000 0000 0000';

interface MaskProps {
  name: string;
  onChange: (event: { target: { name: string; value: string } }) => void;
}

const CardMaskInput = forwardRef<HTMLInputElement, MaskProps>(function CardMaskInput(props, ref) {
  const { onChange, ...other } = props;
  return <IMaskInput {...other} mask={CARD_MASK} inputRef={ref} onAccept={(value: string) => onChange({ target: { name: props.name, value } })} />;
});

/** A payment card number shown as 0000 0000 0000 0000. */
export function CardNumberField({ testId, slotProps, ...props }: TextFieldProps & { testId?: string }) {
  return (
    <TextField
      {...props}
      placeholder="0000 0000 0000 0000"
      slotProps={{
        ...slotProps,
        input: mergeSlotProps(slotProps?.input, { inputComponent: CardMaskInput as never }),
        htmlInput: mergeSlotProps(slotProps?.htmlInput, { inputMode: 'numeric', autoComplete: 'cc-number', ...(testId ? { 'data-testid': testId } : {}) }),
      }}
    />
  );
}
