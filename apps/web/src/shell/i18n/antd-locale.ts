import type { Language } from '@canopy/contract';
import type { ConfigProviderProps } from 'antd';
import zh_CN from 'antd/es/locale/zh_CN';

type AntdLocale = NonNullable<ConfigProviderProps['locale']>;

const loaded: Partial<Record<Language, AntdLocale>> = { zh: zh_CN };

/** Remembers antd's texts of a language once its pack has arrived (language-packs.ts). */
export function setAntdLocale(lang: Language, locale: AntdLocale): void {
  loaded[lang] = locale;
}

/** antd's built-in texts (pagination, empty, modal buttons …) in the interface language. */
export function antdLocale(lang: Language): AntdLocale {
  return loaded[lang] ?? zh_CN;
}
