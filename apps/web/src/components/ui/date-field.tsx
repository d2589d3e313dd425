/**
 * A calendar day typed as DD.MM.YYYY (masked) or picked from a month calendar (Monday first, month
 * and weekday names in the UI language). The value in and out is the API's 'YYYY-MM-DD' (or
 * undefined when empty): only a complete, real day inside min..max is passed on; an incomplete or
 * impossible one is marked invalid and changes nothing. Test ids: `testId` on the input,
 * `${testId}-open` (calendar button), `${testId}-calendar` (popover with data-month="YYYY-MM"),
 * `${testId}-prev`, `${testId}-next`, day buttons `${testId}-day` (data-date="YYYY-MM-DD").
 */
import { forwardRef, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonthOutlined';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslation } from 'react-i18next';
import { IMaskInput } from 'react-imask';

/** 'YYYY-MM-DD' -> 'DD.MM.YYYY' ('' when not a day). */
export function dayToText(day: string | undefined): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
}

/** 'DD.MM.YYYY' -> 'YYYY-MM-DD' when it is a real calendar day (31.02 is not), else null. */
export function textToDay(text: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1) return null;
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d > last ? null : `${m[3]}-${m[2]}-${m[1]}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m + 1)}-${pad(d)}`;
const todayDay = () => {
  const now = new Date();
  return ymd(now.getFullYear(), now.getMonth(), now.getDate());
};

interface MaskProps {
  name: string;
  onChange: (event: { target: { name: string; value: string } }) => void;
}

const DateMaskInput = forwardRef<HTMLInputElement, MaskProps>(function DateMaskInput(props, ref) {
  const { onChange, ...other } = props;
  return <IMaskInput {...other} mask="00.00.0000" inputRef={ref} overwrite onAccept={(value: string) => onChange({ target: { name: props.name, value } })} />;
});

interface Props {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (day: string | undefined) => void;
  min?: string | undefined;
  max?: string | undefined;
  testId: string;
  size?: 'small' | 'medium';
  sx?: object;
}

export function DateField({ id, label, value, onChange, min, max, testId, size = 'small', sx }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(dayToText(value));
  const [shown, setShown] = useState(value);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The value changed from outside (reset, back button): show it.
  if (shown !== value) {
    setShown(value);
    setText(dayToText(value));
  }

  const inRange = (day: string) => (!min || day >= min) && (!max || day <= max);
  const typed = text.length === 10 ? textToDay(text) : null;
  const invalid = text !== '' && (text.length < 10 ? false : typed === null || !inRange(typed));

  const onText = (next: string) => {
    setText(next);
    if (next === '') {
      if (value !== undefined) onChange(undefined);
      return;
    }
    const day = next.length === 10 ? textToDay(next) : null;
    if (day && inRange(day) && day !== value) onChange(day);
  };

  return (
    <>
      <TextField
        id={id}
        size={size}
        label={label}
        value={text}
        onChange={(e) => onText(e.target.value)}
        onBlur={() => {
          // A half-typed day goes back to the current value.
          if (text !== '' && (text.length < 10 || invalid)) setText(dayToText(value));
        }}
        error={invalid}
        placeholder={t('dateField.placeholder')}
        sx={sx}
        slotProps={{
          inputLabel: { shrink: true },
          input: {
            inputComponent: DateMaskInput as never,
            endAdornment: (
              <InputAdornment position="end" sx={{ ml: 0 }}>
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={t('dateField.open', { label })}
                  onClick={(e) => setAnchor(e.currentTarget)}
                  data-testid={`${testId}-open`}
                >
                  <CalendarMonthIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
          htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'aria-invalid': invalid, 'data-testid': testId, 'data-value': value ?? '' },
        }}
      />
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {anchor && (
          <Calendar
            value={value}
            min={min}
            max={max}
            testId={testId}
            label={label}
            onPick={(day) => {
              setAnchor(null);
              setText(dayToText(day));
              if (day !== value) onChange(day);
            }}
          />
        )}
      </Popover>
    </>
  );
}

function Calendar({
  value,
  min,
  max,
  testId,
  label,
  onPick,
}: {
  value: string | undefined;
  min?: string | undefined;
  max?: string | undefined;
  testId: string;
  label: string;
  onPick: (day: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const today = todayDay();
  const start = value ?? (max && max < today ? max : min && min > today ? min : today);
  const [month, setMonth] = useState(() => ({ y: Number(start.slice(0, 4)), m: Number(start.slice(5, 7)) - 1 }));
  const locale = i18n.language === 'ru' ? 'ru-UA' : 'uk-UA';
  const title = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(new Date(month.y, month.m, 1));
  const weekdays = useMemo(() => {
    const f = new Intl.DateTimeFormat(locale, { weekday: 'short' });
    // 2024-01-01 was a Monday.
    return Array.from({ length: 7 }, (_, i) => f.format(new Date(2024, 0, 1 + i)));
  }, [locale]);
  const first = (new Date(month.y, month.m, 1).getDay() + 6) % 7;
  const days = new Date(month.y, month.m + 1, 0).getDate();
  const step = (delta: number) => setMonth(({ y, m }) => ({ y: m + delta < 0 ? y - 1 : m + delta > 11 ? y + 1 : y, m: (m + delta + 12) % 12 }));

  return (
    <Box sx={{ p: 1.5, width: 300 }} role="group" aria-label={label} data-testid={`${testId}-calendar`} data-month={`${month.y}-${pad(month.m + 1)}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <IconButton size="small" aria-label={t('dateField.prevMonth')} onClick={() => step(-1)} data-testid={`${testId}-prev`}>
          <ChevronLeftIcon />
        </IconButton>
        <Typography variant="subtitle2" aria-live="polite" sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>
          {title}
        </Typography>
        <IconButton size="small" aria-label={t('dateField.nextMonth')} onClick={() => step(1)} data-testid={`${testId}-next`}>
          <ChevronRightIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 0.25, textAlign: 'center' }}>
        {weekdays.map((w) => (
          <Typography key={w} variant="caption" color="text.secondary" aria-hidden sx={{ py: 0.5 }}>
            {w}
          </Typography>
        ))}
        {Array.from({ length: first }, (_, i) => (
          <span key={`e${i}`} />
        ))}
        {Array.from({ length: days }, (_, i) => {
          const day = ymd(month.y, month.m, i + 1);
          const selected = day === value;
          return (
            <Button
              key={day}
              size="small"
              variant={selected ? 'contained' : day === today ? 'outlined' : 'text'}
              disabled={(!!min && day < min) || (!!max && day > max)}
              onClick={() => onPick(day)}
              aria-pressed={selected}
              aria-label={dayToText(day)}
              sx={{ minWidth: 0, p: 0, height: 36, fontWeight: selected ? 700 : 400 }}
              data-testid={`${testId}-day`}
              data-date={day}
            >
              {i + 1}
            </Button>
          );
        })}
      </Box>
    </Box>
  );
}
