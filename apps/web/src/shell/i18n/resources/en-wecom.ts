import type { zhWecom } from './zh-wecom';

export const enWecom: typeof zhWecom = {
  row: 'WeCom',
  bind: 'Bind WeCom',
  unbind: 'Unbind',
  boundAs: 'Bound ({{id}})',
  bindInClient: 'Open this page in the WeCom PC client to bind',
  unbindTitle: 'Unbind WeCom?',
  unbindConfirm: 'You will no longer be signed in automatically inside WeCom. Unbind?',
  unbound: 'WeCom unbound',
  share: 'Forward in WeCom',
  shared: 'Forwarded',
  shareFailed: 'Could not forward: {{reason}}',
  tooOldTitle: 'WeCom is too old',
  tooOld: 'This WeCom version ({{version}}) cannot do this. Upgrade to {{minimum}} or later and try again.',
};
