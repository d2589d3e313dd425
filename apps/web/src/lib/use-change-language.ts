import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@drop/shared';
import { getToken } from './auth-token.ts';
import { useUpdateProfile } from './user.ts';

/** Switches the interface language; when signed in, also saves it to the profile. */
export function useChangeLanguage() {
  const { i18n } = useTranslation();
  const update = useUpdateProfile();
  const { mutate } = update;
  const change = useCallback(
    (lang: Locale) => {
      void i18n.changeLanguage(lang);
      if (getToken()) mutate({ lang });
    },
    [i18n, mutate],
  );
  return { change, isPending: update.isPending };
}
