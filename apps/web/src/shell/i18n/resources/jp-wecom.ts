import type { zhWecom } from './zh-wecom';

export const jpWecom: typeof zhWecom = {
  row: 'WeCom',
  bind: 'WeCom と連携',
  unbind: '連携を解除',
  boundAs: '連携済み（{{id}}）',
  bindInClient: 'WeCom の PC 版でこのページを開いて連携してください',
  unbindTitle: 'WeCom との連携を解除しますか？',
  unbindConfirm: '解除すると WeCom 内で自動ログインできなくなります。解除しますか？',
  unbound: 'WeCom との連携を解除しました',
  share: 'WeCom で転送',
  shared: '転送しました',
  shareFailed: '転送できませんでした：{{reason}}',
  tooOldTitle: 'WeCom のバージョンが古すぎます',
  tooOld: 'この WeCom（{{version}}）ではこの機能を使えません。{{minimum}} 以降に更新してから再試行してください。',
};
