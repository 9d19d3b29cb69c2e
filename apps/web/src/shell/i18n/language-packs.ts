import type { ConfigProviderProps } from 'antd';
import type { Resource } from 'i18next';

type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

/** One interface language besides Chinese: its texts and antd's built-in texts, as one chunk. */
export interface LanguagePack {
  translation: Resource[string]['translation'];
  antd: AntdLocale;
}

/**
 * English and Japanese arrive only when chosen, so a Chinese page (the default) never downloads them;
 * Chinese is bundled (i18n.ts) and stays the fallback for any key.
 */
export const languagePacks = {
  en: async (): Promise<LanguagePack> => {
    const [{ en }, antd] = await Promise.all([import('./resources/en'), import('antd/es/locale/en_US')]);
    return { translation: en, antd: antd.default };
  },
  jp: async (): Promise<LanguagePack> => {
    const [{ jp }, antd] = await Promise.all([import('./resources/jp'), import('antd/es/locale/ja_JP')]);
    return { translation: jp, antd: antd.default };
  },
};
