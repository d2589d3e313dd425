import { useState } from 'react';
import Box from '@mui/material/Box';
import type { LegalSettingKey } from '../api/get-setting.ts';
import { BenefitsSection } from './benefits-section.tsx';
import { ContactsSection } from './contacts-section.tsx';
import { FaqSection } from './faq-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { HowToSection } from './how-to-section.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';
import { LegalDialog } from './legal-dialog.tsx';
import { PromoSection } from './promo-section.tsx';
import { useLandingT } from '../i18n.ts';

interface LegalState {
  key: LegalSettingKey;
  open: boolean;
}

export function LandingPage() {
  // The provider's instance (a test's or the app's) gets the namespace before the sections read it.
  useLandingT();

  const [legal, setLegal] = useState<LegalState>({ key: 'privacy_policy', open: false });

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <LandingHeader />
      <Box component="main" sx={{ flex: 1 }}>
        <HeroSection />
        <BenefitsSection />
        <HowToSection />
        <PromoSection />
        <FaqSection />
        <ContactsSection />
      </Box>
      <LandingFooter onOpenLegal={(key) => setLegal({ key, open: true })} />
      <LegalDialog settingKey={legal.key} open={legal.open} onClose={() => setLegal((s) => ({ ...s, open: false }))} />
    </Box>
  );
}
