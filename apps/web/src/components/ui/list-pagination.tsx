import Box from '@mui/material/Box';
import Pagination, { type PaginationProps } from '@mui/material/Pagination';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

/**
 * Pages of a list: 7 buttons on sm and up (first … p-1 p p+1 … last), 3 on xs (… p …, with first
 * and last buttons) (SPEC 9); hidden with one page. Centred on a row of its own, or `inline` (in a
 * toolbar: no row, the buttons kept on one line). `itemLabel` names each button for screen readers.
 */
export function ListPagination({
  page,
  lastPage,
  onChange,
  label,
  testId,
  itemLabel,
  inline = false,
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  label: string;
  testId: string;
  itemLabel?: PaginationProps['getItemAriaLabel'];
  inline?: boolean;
}) {
  const theme = useTheme();
  const xs = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  if (lastPage <= 1) return null;
  const pagination = (
    <Pagination
      page={Math.min(page, lastPage)}
      count={lastPage}
      onChange={(_e, p) => onChange(p)}
      color="primary"
      shape="rounded"
      size={xs ? 'small' : 'medium'}
      siblingCount={xs ? 0 : 1}
      boundaryCount={xs ? 0 : 1}
      showFirstButton={xs}
      showLastButton={xs}
      aria-label={label}
      {...(itemLabel ? { getItemAriaLabel: itemLabel } : {})}
      data-testid={testId}
      {...(inline ? { sx: { '& ul': { flexWrap: 'nowrap' } } } : {})}
    />
  );
  return inline ? pagination : <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>{pagination}</Box>;
}
