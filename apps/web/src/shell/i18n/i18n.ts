import { DEFAULT_LANGUAGE, type Language, Languages } from '@canopy/contract';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/ja';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localStore, StorageKey } from '../storage/local-store';
import { en } from './resources/en';
import { jp } from './resources/jp';
import { zh } from './resources/zh';

const DAYJS_LOCALE: Record<Language, string> = { zh: 'zh-cn', en: 'en', jp: 'ja' };
const HTML_LANG: Record<Language, string> = { zh: 'zh-CN', en: 'en', jp: 'ja' };

function isLanguage(value: string | null | undefined): value is Language {
  return Languages.some((l) => l === value);
}

/**
 * The user's own choice (avatar menu, auth pages), else Chinese (spec §1). The browser's language is
 * deliberately not consulted: the product speaks Chinese until someone picks another language.
 */
function initialLanguage(): Language {
  const stored = localStore.get(StorageKey.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

function applyLanguageSideEffects(lang: Language): void {
  dayjs.locale(DAYJS_LOCALE[lang]);
  document.documentElement.lang = HTML_LANG[lang];
}

const startLanguage = initialLanguage();
void i18next.use(initReactI18next).init({
  resources: { zh: { translation: zh }, en: { translation: en }, jp: { translation: jp } },
  lng: startLanguage,
  fallbackLng: 'zh',
  supportedLngs: [...Languages],
  interpolation: { escapeValue: false },
  returnNull: false,
  // Resources are bundled, so init is synchronous and the first render already has texts.
  initAsync: false,
  showSupportNotice: false,
});
applyLanguageSideEffects(startLanguage);

export const i18n = i18next;

export function currentLanguage(): Language {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lang) ? lang : 'zh';
}

/** Switches the interface language and remembers it (avatar menu, auth pages). */
export async function changeLanguage(lang: Language): Promise<void> {
  localStore.set(StorageKey.language, lang);
  applyLanguageSideEffects(lang);
  await i18next.changeLanguage(lang);
}
