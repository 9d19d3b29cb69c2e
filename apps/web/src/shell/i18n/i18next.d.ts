import 'i18next';
import type { zh } from './resources/zh';

/** Typed keys: `t('header.logout')` is checked against the Chinese resources at compile time. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zh };
  }
}
