import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useCurrentMarket } from '../../../lib/current-market.ts';

const PROFILE = 'profile';

/**
 * Price type selector (SPEC section 2 "Dashboard shell"): verified users only. The first option
 * (id null) is the markup profile, then the stores. Test ids: {testId}, {testId}-option-{id|profile}.
 */
export function MarketSelector({ testId = 'market-selector', fullWidth = false }: { testId?: string; fullWidth?: boolean }) {
  const { t } = useTranslation();
  const { marketId, markets, verified, setMarketId } = useCurrentMarket();
  if (!verified) return null;
  return (
    <TextField
      select
      size="small"
      label={t('markets.selectorLabel')}
      value={marketId === null ? PROFILE : String(marketId)}
      onChange={(e) => setMarketId(e.target.value === PROFILE ? null : Number(e.target.value))}
      fullWidth={fullWidth}
      sx={fullWidth ? undefined : { minWidth: 180, maxWidth: 240 }}
      slotProps={{
        htmlInput: { 'data-testid': testId },
        select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 310 } } } }, SelectDisplayProps: { 'aria-label': t('markets.selectorLabel') } as object },
      }}
    >
      <MenuItem value={PROFILE} data-testid={`${testId}-option-profile`}>
        {t('markets.profileOption')}
      </MenuItem>
      {markets.map((m) => (
        <MenuItem key={m.id} value={String(m.id)} data-testid={`${testId}-option-${m.id}`}>
          {m.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
