import Chip from '@mui/material/Chip';
import { getContrastRatio } from '@mui/material/styles';
import type { ConfigItem } from '@drop/shared';

/**
 * A status coloured from its `/config` list; the text is black or white, whichever has the higher contrast
 * (one of them always reaches 4.5:1; MUI's dark text is translucent and falls short on e.g. PartReturn's #e91e63).
 */
export function StatusChip({ list, id, name, testId }: { list: ConfigItem[] | undefined; id: string; name?: string | undefined; testId?: string }) {
  const item = list?.find((i) => i.id === id);
  const color = item?.color ?? '#9e9e9e';
  return (
    <Chip
      label={name ?? item?.name ?? id}
      size="small"
      sx={{ bgcolor: color, color: getContrastRatio(color, '#fff') >= getContrastRatio(color, '#000') ? '#fff' : '#000', fontWeight: 600, maxWidth: '100%' }}
      data-testid={testId}
      data-status={id}
    />
  );
}
