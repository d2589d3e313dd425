import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@drop/shared';

/**
 * A list of sums (label on the left, value on the right) closed by the profit in green, or red
 * when negative: the cart's totals and the checkout summary.
 */
export function TotalsList({
  rows,
  profit,
}: {
  rows: { label: string; value: string; testId: string; strong?: boolean }[];
  profit: { label: string; value: number; currency: string; testId: string };
}) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
      {rows.map((r) => (
        <Box key={r.testId} sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {r.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: r.strong ? 700 : 600, whiteSpace: 'nowrap' }} data-testid={r.testId}>
            {r.value}
          </Typography>
        </Box>
      ))}
      {/* The rule above the profit is a border: a <dl> may hold only dt/dd groups (no <hr>). */}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, borderTop: 1, borderColor: 'divider', pt: 1 }}>
        <Typography component="dt" sx={{ fontWeight: 600 }}>
          {profit.label}
        </Typography>
        <Typography
          component="dd"
          sx={{ m: 0, fontWeight: 700, fontSize: '1.25rem', whiteSpace: 'nowrap', color: profit.value < 0 ? 'error.main' : 'success.main' }}
          data-testid={profit.testId}
        >
          {formatMoney(profit.value)} {profit.currency}
        </Typography>
      </Box>
    </Box>
  );
}
