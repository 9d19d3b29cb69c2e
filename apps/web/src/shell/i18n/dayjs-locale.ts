import type { Language } from '@canopy/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/ja';

const DAYJS_LOCALE: Record<Language, string> = { zh: 'zh-cn', en: 'en', jp: 'ja' };

/** dayjs's month and weekday names in the interface language (i18n.ts applies it once loaded). */
export function applyDayjsLocale(lang: Language): void {
  dayjs.locale(DAYJS_LOCALE[lang]);
}
