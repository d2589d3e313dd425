import Chip from '@mui/material/Chip';
import { useTheme } from '@mui/material/styles';
import type { ConfigItem } from '@drop/shared';

/** A status coloured from its `/config` list (text black or white, whichever reads better). */
export function StatusChip({ list, id, name, testId }: { list: ConfigItem[] | undefined; id: string; name?: string | undefined; testId?: string }) {
  const theme = useTheme();
  const item = list?.find((i) => i.id === id);
  const color = item?.color ?? '#9e9e9e';
  return (
    <Chip
      label={name ?? item?.name ?? id}
      size="small"
      sx={{ bgcolor: color, color: theme.palette.getContrastText(color), fontWeight: 600, maxWidth: '100%' }}
      data-testid={testId}
      data-status={id}
    />
  );
}
