/**
 * 'Мої магазини' on /dashboard/profile (verified users only): the stores with their base markup,
 * edit and delete, and a create link (disabled at MAX_MARKETS).
 * Test ids: markets-card, market-row (data-market-id), market-edit-{id}, market-delete-{id},
 * market-create, markets-limit, market-delete-dialog(-confirm|-cancel).
 * The delete dialog says how many feeds price by the store (they stop building without it); the
 * feed list is loaded only while the dialog is open, and without it the warning is general.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MARKET_BASE_TYPES, MAX_MARKETS, type MarketDto } from '@drop/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useScopedToast } from '../../../lib/toast.tsx';
import { getExportSettingsQueryOptions } from '../../../lib/feeds.ts';
import { useMarkets } from '../../../lib/markets.ts';
import { useDeleteMarket } from '../api/markets.ts';

export function MarketsCard() {
  const { t, i18n } = useTranslation();
  const toast = useScopedToast();
  const markets = useMarkets(true);
  const remove = useDeleteMarket();
  const [toDelete, setToDelete] = useState<MarketDto | null>(null);
  const feeds = useQuery({ ...getExportSettingsQueryOptions(i18n.language), enabled: toDelete !== null });
  const feedsUsing = toDelete && feeds.data ? feeds.data.filter((f) => f.price_source === 'market' && f.market_id === toDelete.id).length : null;
  const feedsText = feedsUsing === null ? t('markets.deleteFeedsUnknown') : feedsUsing > 0 ? t('markets.deleteFeedsText', { n: feedsUsing }) : '';
  const list = markets.data ?? [];
  const full = list.length >= MAX_MARKETS;

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(t('markets.deleted'));
        setToDelete(null);
      },
      onError: (e) => {
        toast.error(isApiError(e) ? e.message : t('errors.generic'));
        setToDelete(null);
      },
    });
  };

  const createButton = (
    <Button
      component={Link}
      to="/dashboard/markets/create"
      variant="contained"
      size="small"
      startIcon={<AddIcon />}
      disabled={full || !markets.isSuccess}
      data-testid="market-create"
    >
      {t('markets.create')}
    </Button>
  );

  return (
    <Card component="section" aria-labelledby="markets-card-title" data-testid="markets-card">
      <CardHeader
        title={t('markets.title')}
        slotProps={{ title: { id: 'markets-card-title', component: 'h2', variant: 'h3' } }}
        action={
          full ? (
            <Tooltip title={t('markets.limit', { max: MAX_MARKETS })}>
              <span>{createButton}</span>
            </Tooltip>
          ) : (
            createButton
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {markets.isPending ? (
          <Skeleton variant="rounded" height={80} />
        ) : markets.isError ? (
          <Typography color="error">{isApiError(markets.error) ? markets.error.message : t('errors.generic')}</Typography>
        ) : list.length === 0 ? (
          <Typography color="text.secondary" data-testid="markets-empty">
            {t('markets.empty')}
          </Typography>
        ) : (
          <List disablePadding>
            {list.map((m) => (
              <ListItem
                key={m.id}
                divider
                disableGutters
                data-testid="market-row"
                data-market-id={m.id}
                secondaryAction={
                  <Box sx={{ display: 'flex', gap: 0.5 }}>
                    <IconButton
                      component={Link}
                      to={`/dashboard/markets/${m.id}`}
                      aria-label={t('markets.edit', { name: m.name })}
                      data-testid={`market-edit-${m.id}`}
                    >
                      <EditIcon />
                    </IconButton>
                    <IconButton onClick={() => setToDelete(m)} aria-label={t('markets.delete', { name: m.name })} data-testid={`market-delete-${m.id}`}>
                      <DeleteIcon />
                    </IconButton>
                  </Box>
                }
                sx={{ pr: 12 }}
              >
                <ListItemText
                  primary={m.name}
                  secondary={`+${m.base_markup.markup}% ${m.base_markup.type === MARKET_BASE_TYPES.fromDrop ? t('markets.fromDropShort') : t('markets.fromRecommendedShort')}`}
                  slotProps={{ primary: { noWrap: true } }}
                />
              </ListItem>
            ))}
          </List>
        )}
        {full && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="markets-limit">
            {t('markets.limit', { max: MAX_MARKETS })}
          </Typography>
        )}
      </CardContent>
      <ConfirmDialog
        open={toDelete !== null}
        title={t('markets.deleteTitle')}
        text={[t('markets.deleteText', { name: toDelete?.name ?? '' }), feedsText].filter(Boolean).join(' ')}
        confirmLabel={t('markets.deleteConfirm')}
        cancelLabel={t('common.cancel')}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
        testId="market-delete-dialog"
      />
    </Card>
  );
}
