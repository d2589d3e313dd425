/**
 * A chart's day label in the short form of SPEC 9 ('DD/MM'): the API's 'DD.MM' (or an ISO 'YYYY-MM-DD')
 * becomes '17/11'; anything else is shown as it came.
 */
export function chartDay(label: string): string {
  const short = /^(\d{2})\.(\d{2})$/.exec(label);
  if (short) return `${short[1]}/${short[2]}`;
  const iso = /^\d{4}-(\d{2})-(\d{2})/.exec(label);
  if (iso) return `${iso[2]}/${iso[1]}`;
  return label;
}
