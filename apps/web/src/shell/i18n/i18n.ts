import { DEFAULT_LANGUAGE, type Language, Languages } from '@canopy/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localStore, StorageKey } from '../storage/local-store';
import { setAntdLocale } from './antd-locale';
import { languagePacks } from './language-packs';
import { zhShell } from './resources/zh-shell';
import { initialLanguage, isLanguage } from './start-language';

const HTML_LANG: Record<Language, string> = { zh: 'zh-CN', en: 'en', jp: 'ja' };

let dayjsLocale: Promise<typeof import('./dayjs-locale')> | null = null;
/** The interface language dayjs is to speak, whenever it arrives. */
let dayjsLanguage: Language = DEFAULT_LANGUAGE;

function applyLanguageSideEffects(lang: Language): void {
  document.documentElement.lang = HTML_LANG[lang];
  dayjsLanguage = lang;
  void dayjsLocale?.then((m) => m.applyDayjsLocale(lang));
}

/** Adds a language's texts (and antd's) once; Chinese is always there. */
async function ensureLanguage(lang: Language): Promise<void> {
  if (lang === 'zh' || i18next.hasResourceBundle(lang, 'translation')) return;
  const pack = await languagePacks[lang]();
  i18next.addResourceBundle(lang, 'translation', pack.translation);
  setAntdLocale(lang, pack.antd);
}

const startLanguage = initialLanguage();
void i18next.use(initReactI18next).init({
  resources: { zh: { translation: zhShell } },
  partialBundledLanguages: true,
  lng: startLanguage,
  fallbackLng: 'zh',
  supportedLngs: [...Languages],
  interpolation: { escapeValue: false },
  returnNull: false,
  // Chinese is bundled, so init is synchronous; another language is added before the first render.
  initAsync: false,
  showSupportNotice: false,
});
applyLanguageSideEffects(startLanguage);

/** The start language's pack (nothing to fetch for Chinese); a pack that fails leaves the Chinese texts. */
const startPack: Promise<void> =
  startLanguage === 'zh'
    ? Promise.resolve()
    : ensureLanguage(startLanguage).then(
        () => void i18next.changeLanguage(startLanguage),
        () => undefined,
      );

let moreTexts: Promise<void> | null = null;

/**
 * Adds the Chinese texts of the pages and dialogs beyond /home (resources/zh-more.ts) and dayjs in
 * the interface language (their dates), once: every lazily loaded page and dialog waits for them with
 * its code (shell/app/lazy-chunk.tsx), so /home downloads only its own texts. They are also the fallback of an English or Japanese page. A failed
 * fetch is tried again by the next caller (the page's retry).
 */
export function loadAllTexts(): Promise<void> {
  dayjsLocale ??= import('./dayjs-locale');
  moreTexts ??= Promise.all([import('./resources/zh-more'), dayjsLocale]).then(
    ([{ zhMore }, { applyDayjsLocale }]) => {
      // Deep: `tables` is partly in the shell's texts (the quick-add drawer's title).
      i18next.addResourceBundle('zh', 'translation', zhMore, true, true);
      applyDayjsLocale(dayjsLanguage);
    },
    (error: unknown) => {
      moreTexts = null;
      dayjsLocale = null;
      throw error;
    },
  );
  return moreTexts;
}

/** The first page shows the workbench (or redirects to it): only the shell's texts are needed. */
const startsOnHome = ['/', '/home', '/dashboard'].includes(window.location.pathname.replace(/\/+$/, '') || '/');

/**
 * Resolves when the start language's texts are there (at once for Chinese on /home): the pages render
 * after it, so nobody sees Chinese flash before English or Japanese, nor a key before its text. A pack
 * that fails to load leaves the Chinese texts (the fallback) rather than no page.
 */
export const i18nReady: Promise<void> = startsOnHome
  ? startPack
  : Promise.all([startPack, loadAllTexts().catch(() => undefined)]).then(() => undefined);

export const i18n = i18next;

export function currentLanguage(): Language {
  const lang = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(lang) ? lang : 'zh';
}

/** Switches the interface language and remembers it (avatar menu, auth pages). */
export async function changeLanguage(lang: Language): Promise<void> {
  await ensureLanguage(lang);
  localStore.set(StorageKey.language, lang);
  applyLanguageSideEffects(lang);
  await i18next.changeLanguage(lang);
}
