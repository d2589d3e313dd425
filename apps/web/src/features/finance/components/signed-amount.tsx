import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatSigned } from '../lib/format.ts';

/** A signed amount: green with '+' when positive, red otherwise (SPEC: last operations). */
export function SignedAmount({
  amount,
  withCurrency = false,
  ...props
}: { amount: number; withCurrency?: boolean } & Omit<TypographyProps, 'children' | 'color'>) {
  const { t } = useTranslation();
  const positive = amount > 0;
  return (
    <Typography
      component="span"
      {...props}
      data-sign={positive ? 'positive' : 'negative'}
      sx={{ color: positive ? 'success.main' : 'error.main', fontWeight: 600, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', ...props.sx }}
    >
      {formatSigned(amount)}
      {withCurrency ? ` ${t('common.currency')}` : ''}
    </Typography>
  );
}
