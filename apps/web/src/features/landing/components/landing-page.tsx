import { useState } from 'react';
import i18next, { type i18n as I18n } from 'i18next';
import { getI18n, useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { LegalSettingKey } from '../api/get-setting.ts';
import ru from '../locales/ru.json';
import uk from '../locales/uk.json';
import { BenefitsSection } from './benefits-section.tsx';
import { ContactsSection } from './contacts-section.tsx';
import { FaqSection } from './faq-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { HowToSection } from './how-to-section.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';
import { LegalDialog } from './legal-dialog.tsx';
import { PromoSection } from './promo-section.tsx';

const LANDING_NAMESPACE = 'landing';
const LANDING_RESOURCES = { uk, ru } as const;

/** Adds the 'landing' namespace to an initialised i18next instance (idempotent). */
function registerLandingResources(instance: I18n | undefined, force = false): void {
  // addResourceBundle only exists once init() has created the store.
  if (!instance || typeof instance.addResourceBundle !== 'function') return;
  for (const [lng, json] of Object.entries(LANDING_RESOURCES)) {
    if (force || !instance.hasResourceBundle(lng, LANDING_NAMESPACE)) {
      instance.addResourceBundle(lng, LANDING_NAMESPACE, json, true, true);
    }
  }
}

// Module load: the shared default instance (now, or once it is initialised) and the instance
// react-i18next was bound to (lib/i18n.ts uses its own createInstance()).
registerLandingResources(i18next, true);
i18next.on('initialized', () => registerLandingResources(i18next, true));
registerLandingResources(getI18n(), true);

interface LegalState {
  key: LegalSettingKey;
  open: boolean;
}

export function LandingPage() {
  // Whatever instance the provider gives us (a test's or the app's) gets the namespace before
  // the sections call useTranslation('landing').
  const { i18n } = useTranslation();
  registerLandingResources(i18n);

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
