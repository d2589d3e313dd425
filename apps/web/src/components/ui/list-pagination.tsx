import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

/** Pages of a list: 7 buttons on sm and up, 3 on xs (SPEC 9); hidden with one page. */
export function ListPagination({
  page,
  lastPage,
  onChange,
  label,
  testId,
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  label: string;
  testId: string;
}) {
  const theme = useTheme();
  const xs = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  if (lastPage <= 1) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>
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
        data-testid={testId}
      />
    </Box>
  );
}
