/**
 * Build-time HTML of the dashboard's shell on a phone (see render.tsx), for dashboard.html and
 * pages/*.html: the top bar (menu, search, cart), the bottom navigation and the loading spinner of
 * the page, laid out as DashboardLayout lays them out below lg. A signed-in first visit paints it
 * before any JavaScript has loaded; the app renders the real shell over it once the shell's code
 * and the user's data are there.
 *
 * Below lg only: the desktop shell shows the user's name and balance in its bars, which a static
 * page does not know (the top element is hidden from lg up). The early-data script hides it too
 * for a visitor with no token (the app sends them to /login) or another language.
 */
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { BOTTOM_NAV_HEIGHT, BottomNav, MobileTopBar } from '../app/layouts/dashboard/mobile-bars.tsx';
import { InlineSpinner } from '../components/ui/full-screen-spinner.tsx';
import { prerender, type Prerendered } from './render.tsx';

/** A dashboard address no navigation item is the current one for: the HTML serves every page. */
const NEUTRAL_LOCATION = '/dashboard/-';

function DashboardShellPreview() {
  return (
    <Box sx={{ display: { xs: 'flex', lg: 'none' }, minHeight: '100dvh', bgcolor: 'background.default' }}>
      <MobileTopBar onMenu={() => undefined} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', pb: `${BOTTOM_NAV_HEIGHT}px` }}>
        <Toolbar />
        <Box component="main" sx={{ flexGrow: 1, minHeight: '100dvh', p: { xs: 1.5, sm: 2 } }}>
          <InlineSpinner />
        </Box>
      </Box>
      <BottomNav />
    </Box>
  );
}

export function renderDashboardShell(): Prerendered {
  const page = prerender(<DashboardShellPreview />, NEUTRAL_LOCATION);
  // The preview's controls do nothing until the app has rendered: tests and tools address the app's.
  return { ...page, html: page.html.replace(/ data-testid="[^"]*"/g, '') };
}
