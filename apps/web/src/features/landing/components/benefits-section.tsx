import type { ComponentType } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MoneyOffIcon from '@mui/icons-material/MoneyOff';
import PercentIcon from '@mui/icons-material/Percent';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import SyncIcon from '@mui/icons-material/Sync';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import { LandingSection } from './landing-section.tsx';
import { useLandingT } from '../i18n.ts';

const BENEFITS: ReadonlyArray<{ key: string; Icon: ComponentType<SvgIconProps> }> = [
  { key: 'catalog', Icon: Inventory2Icon },
  { key: 'warehouse', Icon: WarehouseIcon },
  { key: 'shipping', Icon: LocalShippingIcon },
  { key: 'moq', Icon: RemoveShoppingCartIcon },
  { key: 'investment', Icon: MoneyOffIcon },
  { key: 'stock', Icon: SyncIcon },
  { key: 'prices', Icon: PercentIcon },
  { key: 'support', Icon: SupportAgentIcon },
];

export function BenefitsSection() {
  const { t } = useLandingT();
  return (
    <LandingSection id="benefits" testId="landing-benefits" title={t('benefits.title')} subtitle={t('benefits.subtitle')}>
      <Grid container spacing={3} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {BENEFITS.map(({ key, Icon }) => (
          <Grid key={key} size={{ xs: 12, sm: 6, lg: 3 }} component="li">
            <Card
              variant="outlined"
              sx={{
                height: '100%',
                borderRadius: 4,
                transition: 'transform 160ms ease, box-shadow 160ms ease, border-color 160ms ease',
                '&:hover': {
                  transform: 'translateY(-4px)',
                  borderColor: 'primary.light',
                  boxShadow: (theme) => `0 14px 32px ${alpha(theme.palette.primary.main, 0.16)}`,
                },
              }}
            >
              <CardContent sx={{ p: 3 }}>
                <Box
                  sx={{
                    display: 'grid',
                    placeItems: 'center',
                    width: 56,
                    height: 56,
                    borderRadius: 3,
                    mb: 2,
                    color: 'primary.dark',
                    bgcolor: (theme) => alpha(theme.palette.primary.main, 0.14),
                  }}
                >
                  <Icon aria-hidden sx={{ fontSize: 30 }} />
                </Box>
                <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 1, lineHeight: 1.3 }}>
                  {t(`benefits.items.${key}.title`)}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary', lineHeight: 1.65 }}>
                  {t(`benefits.items.${key}.text`)}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </LandingSection>
  );
}
