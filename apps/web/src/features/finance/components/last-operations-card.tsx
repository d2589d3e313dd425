import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOperations } from '../api/get-operations.ts';
import { OperationRow } from './operation-row.tsx';

const LAST = { page: 1, per_page: 5 } as const;

/** Home card: the last 5 balance operations and a link to all of them. */
export function LastOperationsCard() {
  const { t } = useTranslation();
  const ops = useOperations(LAST);

  return (
    <Card component="section" aria-labelledby="last-operations-title" data-testid="last-operations">
      <CardHeader
        avatar={<ReceiptLongIcon color="primary" />}
        title={t('finance.last.title')}
        action={
          <Button component={Link} to="/dashboard/finances" data-testid="last-operations-all">
            {t('finance.operations.all')}
          </Button>
        }
        slotProps={{ title: { id: 'last-operations-title', component: 'h2', variant: 'h3' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {ops.isPending ? (
          <Box data-testid="last-operations-loading">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} height={44} />
            ))}
          </Box>
        ) : ops.isError ? (
          <Typography color="error">{t('finance.loadFailed')}</Typography>
        ) : ops.data.data.length === 0 ? (
          <Typography color="text.secondary" data-testid="last-operations-empty">
            {t('finance.last.empty')}
          </Typography>
        ) : (
          <List dense disablePadding aria-labelledby="last-operations-title">
            {ops.data.data.map((op) => (
              <OperationRow key={op.id} op={op} variant="last" />
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
