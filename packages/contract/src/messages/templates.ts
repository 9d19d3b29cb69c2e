import type { Language } from '../i18n.js';

/** Server messages of the template center. */
export const TemplateMessages = {
  'template.featureOff': {
    zh: '本团队未开启模板中心，无法从模板创建应用',
    en: 'The template center is not enabled for this team',
    jp: 'このチームではテンプレートセンターが有効になっていません',
  },
  'template.notFound': {
    zh: '模板不存在或已下架',
    en: 'No such template (or it was removed)',
    jp: 'テンプレートが存在しないか、公開が終了しています',
  },
  'template.labelChanged': {
    zh: '模板已更新，请刷新后重新安装',
    en: 'The template has changed; refresh and install again',
    jp: 'テンプレートが更新されました。再読み込みしてからインストールしてください',
  },
  'template.badIcon': { zh: '请选择有效的图标', en: 'Choose a valid icon', jp: '有効なアイコンを選択してください' },
  'template.nameRequired': {
    zh: '请输入模板名称',
    en: 'Enter the template name',
    jp: 'テンプレート名を入力してください',
  },
  'template.publishOff': {
    zh: '本团队未开启发布模板功能',
    en: 'Publishing templates is not enabled for this team',
    jp: 'このチームではテンプレートの公開が有効になっていません',
  },
  'template.unpublishDenied': {
    zh: '只有发布者或团队管理员可以下架团队模板',
    en: 'Only its publisher or a team admin can remove a team template',
    jp: 'チームテンプレートを削除できるのは公開者またはチーム管理者だけです',
  },
  'template.shareOff': {
    zh: '本团队未开启应用分享功能',
    en: 'Sharing apps is not enabled for this team',
    jp: 'このチームではアプリの共有が有効になっていません',
  },
  'template.shareNotFound': {
    zh: '分享链接无效，请向分享人重新获取',
    en: 'This share link is not valid; ask its sender for a new one',
    jp: '共有リンクが無効です。共有した人にもう一度依頼してください',
  },
  'template.shareRevoked': {
    zh: '分享链接已被撤销，无法查看或安装',
    en: 'This share link was revoked',
    jp: 'この共有リンクは取り消されました',
  },
  'template.shareExpired': {
    zh: '分享链接已过期，请向分享人重新获取',
    en: 'This share link has expired; ask its sender for a new one',
    jp: 'この共有リンクは期限切れです。共有した人にもう一度依頼してください',
  },
} as const satisfies Record<string, Record<Language, string>>;
