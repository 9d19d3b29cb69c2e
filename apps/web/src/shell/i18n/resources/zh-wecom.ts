/** WeCom (企业微信): binding in account settings, sharing through the JS-SDK, the low-version alert. */
export const zhWecom = {
  row: '企业微信',
  bind: '绑定企业微信',
  unbind: '解除绑定',
  boundAs: '已绑定（{{id}}）',
  bindInClient: '请在企业微信 PC 端打开本页面后绑定',
  unbindTitle: '解除企业微信绑定？',
  unbindConfirm: '解除后将不能在企业微信中自动登录，确定解除吗？',
  unbound: '已解除企业微信绑定',
  share: '转发到企业微信',
  shared: '已转发',
  shareFailed: '转发失败：{{reason}}',
  tooOldTitle: '企业微信版本过低',
  tooOld: '当前企业微信版本（{{version}}）过低，无法使用此功能，请升级到 {{minimum}} 或更新版本后重试。',
};
