/** Public contacts shown on the landing page (numbers in +380 form, shown as +38 (0##) ###-##-##). */
export const LANDING_CONTACTS = {
  phones: ['+380443901217', '+380675234891'],
  email: 'support@dropportal.com.ua',
  telegram: 'https://t.me/dropportal_support',
  viber: 'viber://chat?number=%2B380675234891',
  instagram: 'https://www.instagram.com/dropportal.ua',
  facebook: 'https://www.facebook.com/dropportal.ua',
  youtube: 'https://www.youtube.com/@dropportal',
} as const;
