import type { Language } from '../i18n.js';

/** Server messages of app packages: export, install, upgrade. */
export const PackageMessages = {
  'package.notZip': { zh: '请上传压缩包', en: 'Upload a zip package', jp: 'zip ファイルをアップロードしてください' },
  'package.tooLarge': {
    zh: '单个文件不可超过50MB',
    en: 'A package must be at most 50 MB',
    jp: '1ファイルは50MB以下にしてください',
  },
  'package.notFound': {
    zh: '安装包不存在或已失效，请重新上传',
    en: 'No such package (or it expired); upload it again',
    jp: 'パッケージが存在しないか期限切れです。もう一度アップロードしてください',
  },
  'package.unreadable': {
    zh: '安装包已损坏，无法读取',
    en: 'The package is damaged and cannot be read',
    jp: 'パッケージが壊れているため読み込めません',
  },
  'package.tooManyEntries': {
    zh: '安装包内的文件过多（最多{limit}个）',
    en: 'The package holds too many entries (at most {limit})',
    jp: 'パッケージ内のファイルが多すぎます（最大{limit}個）',
  },
  'package.tooBig': {
    zh: '安装包解压后过大',
    en: 'The package unpacks to too many bytes',
    jp: 'パッケージの展開後のサイズが大きすぎます',
  },
  'package.unsafePath': {
    zh: '安装包内有不安全的路径：{name}',
    en: 'The package holds an unsafe path: {name}',
    jp: 'パッケージに安全でないパスがあります：{name}',
  },
  'package.link': {
    zh: '安装包内不能有链接：{name}',
    en: 'The package may not hold links: {name}',
    jp: 'パッケージにリンクを含めることはできません：{name}',
  },
  'package.nested': {
    zh: '安装包内不能再有压缩包：{name}',
    en: 'The package may not hold other archives: {name}',
    jp: 'パッケージに別のアーカイブを含めることはできません：{name}',
  },
  'package.invalid': {
    zh: '不是有效的应用安装包：{reason}',
    en: 'Not a valid app package: {reason}',
    jp: '有効なアプリパッケージではありません：{reason}',
  },
  'package.newerFormat': {
    zh: '安装包的格式版本较新，请先升级系统',
    en: 'The package is of a newer format; upgrade the system first',
    jp: 'パッケージの形式が新しすぎます。先にシステムを更新してください',
  },
  'package.externalTable': {
    zh: '安装包关联了本团队没有的数据表，无法安装',
    en: 'The package links to a data table this team does not have',
    jp: 'パッケージがこのチームにないテーブルに関連付けられているため、インストールできません',
  },
  'package.interrupted': {
    zh: '安装被中断，未留下任何数据，请重新安装',
    en: 'The install was interrupted and left nothing behind; install again',
    jp: 'インストールが中断されました（データは残っていません）。もう一度インストールしてください',
  },
  'package.featureOff': {
    zh: '本团队未开启上传安装包功能',
    en: 'Installing uploaded packages is not enabled for this team',
    jp: 'このチームではパッケージのアップロードによるインストールが有効になっていません',
  },
  'package.failed': { zh: '安装失败', en: 'Install failed', jp: 'インストールに失敗しました' },
  'package.taskNotFound': { zh: '安装任务不存在', en: 'No such install task', jp: 'インストールタスクが存在しません' },
  'package.upgradeTypeChange': {
    zh: '字段“{field}”的类型不能从{from}改为{to}，无法升级',
    en: 'Field "{field}" cannot change type from {from} to {to}; the upgrade is refused',
    jp: 'フィールド「{field}」の種類を{from}から{to}に変更できないため、アップグレードできません',
  },
  'package.upgradeOtherApp': {
    zh: '安装包不是由该应用（或其来源应用）导出的，无法升级',
    en: 'The package was not exported from this app or its origin; it cannot upgrade it',
    jp: 'このパッケージはこのアプリ（またはその元のアプリ）からエクスポートされたものではないため、アップグレードできません',
  },
  'package.exportTooMany': {
    zh: '应用中的文件过多（最多{limit}个），无法导出数据',
    en: 'The app holds too many files to export (at most {limit})',
    jp: 'アプリのファイルが多すぎるためエクスポートできません（最大{limit}個）',
  },
  'package.flowInvalid': {
    zh: '审批流程“{flow}”未通过发布检查，无法安装：{detail}',
    en: 'The approval flow "{flow}" does not pass the publish checks; the package is refused: {detail}',
    jp: '承認フロー「{flow}」が公開チェックに合格しないため、インストールできません：{detail}',
  },
} as const satisfies Record<string, Record<Language, string>>;
