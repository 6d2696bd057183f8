/** A timestamp in the reader's language (TY is Thai). */
export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'TY' ? 'th' : 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}
