import { useId, useState } from 'react';
import { Link } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import LoginIcon from '@mui/icons-material/Login';
import MenuIcon from '@mui/icons-material/Menu';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { LanguageSwitch } from '../../../components/ui/language-switch.tsx';
import { Logo } from '../../../components/ui/logo.tsx';
import { useLandingLocale } from '../hooks/use-landing-locale.ts';
import { LANDING_SECTIONS, sectionId } from './landing-sections.ts';
import { useLandingT } from '../i18n.ts';

const DESKTOP = { xs: 'none', lg: 'flex' } as const;
const PHONE = { lg: 'none' } as const;

export function LandingHeader() {
  const { t, i18n } = useLandingT();
  const lang = useLandingLocale();
  const [menuOpen, setMenuOpen] = useState(false);
  const drawerId = useId();
  const closeMenu = () => setMenuOpen(false);
  const languageSwitch = <LanguageSwitch value={lang} onChange={(next) => void i18n.changeLanguage(next)} testId="landing-language-switch" />;

  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'rgba(255, 255, 255, 0.88)',
        backdropFilter: 'saturate(180%) blur(12px)',
      }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: { xs: 64, md: 72 }, gap: 2 }}>
          <Box sx={{ mr: 'auto', display: 'flex' }}>
            <Logo label={t('homeLink')} height={40} />
          </Box>
          {/* One header for every width, switched by CSS (the page is prerendered at build time, before any
              width is known): the sections and sign-in buttons from lg, the menu button below. */}
          <Box component="nav" aria-label={t('nav.label')} sx={{ display: DESKTOP, gap: 0.5 }}>
            {LANDING_SECTIONS.map((section) => (
              <Button key={section.id} href={`#${sectionId(section.id)}`} color="inherit" sx={{ fontWeight: 500 }}>
                {t(section.labelKey)}
              </Button>
            ))}
          </Box>
          {languageSwitch}
          <Stack direction="row" spacing={1.5} sx={{ display: DESKTOP }}>
            <Button component={Link} to="/login" variant="outlined" startIcon={<LoginIcon />}>
              {t('nav.login')}
            </Button>
            <Button component={Link} to="/register" variant="contained" disableElevation startIcon={<PersonAddIcon />}>
              {t('nav.register')}
            </Button>
          </Stack>
          <IconButton
            edge="end"
            sx={{ display: PHONE }}
            onClick={() => setMenuOpen(true)}
            aria-label={t('nav.openMenu')}
            aria-controls={menuOpen ? drawerId : undefined}
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            data-testid="landing-mobile-menu-button"
          >
            <MenuIcon />
          </IconButton>
          <Drawer
            anchor="right"
            open={menuOpen}
            onClose={closeMenu}
            slotProps={{ paper: { id: drawerId, sx: { width: 300, maxWidth: '85vw' }, 'aria-label': t('nav.menuTitle') } }}
          >
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
              <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                {t('nav.menuTitle')}
              </Typography>
              <IconButton onClick={closeMenu} aria-label={t('nav.closeMenu')}>
                <CloseIcon />
              </IconButton>
            </Stack>
            <Divider />
            <Stack spacing={1.5} sx={{ p: 2 }}>
              <Button component={Link} to="/register" variant="contained" size="large" startIcon={<PersonAddIcon />} onClick={closeMenu} fullWidth>
                {t('nav.register')}
              </Button>
              <Button component={Link} to="/login" variant="outlined" size="large" startIcon={<LoginIcon />} onClick={closeMenu} fullWidth>
                {t('nav.login')}
              </Button>
            </Stack>
            <Divider />
            <Box component="nav" aria-label={t('nav.label')}>
              <List>
                {LANDING_SECTIONS.map((section) => (
                  <ListItem key={section.id} disablePadding>
                    <ListItemButton component="a" href={`#${sectionId(section.id)}`} onClick={closeMenu}>
                      <ListItemText primary={t(section.labelKey)} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Box>
          </Drawer>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
