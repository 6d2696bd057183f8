import { htmlLangOf } from '../../../i18n/languages';

/** A timestamp in the reader's language (its BCP 47 tag: TY -> th, VN -> vi, CN -> zh-Hans ...). */
export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(htmlLangOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}
