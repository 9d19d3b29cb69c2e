import type { Language } from '@canopy/contract';
import type { ConfigProviderProps } from 'antd';
import en_US from 'antd/es/locale/en_US';
import ja_JP from 'antd/es/locale/ja_JP';
import zh_CN from 'antd/es/locale/zh_CN';

/** antd's built-in texts (pagination, empty, modal buttons …) in the interface language. */
export const antdLocales: Record<Language, NonNullable<ConfigProviderProps['locale']>> = {
  zh: zh_CN,
  en: en_US,
  jp: ja_JP,
};
