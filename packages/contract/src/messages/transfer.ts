import type { Language } from '../i18n.js';

/** Server messages of imports and exports (of tables and of a team's data). */
export const TransferMessages = {
  'import.fileType': {
    zh: '仅支持 xlsx 和 CSV 文件',
    en: 'Only xlsx and CSV files can be imported',
    jp: 'xlsx と CSV ファイルのみインポートできます',
  },
  'import.empty': { zh: '文件中没有数据', en: 'The file holds no data', jp: 'ファイルにデータがありません' },
  'import.tooManyRows': {
    zh: '单次最多导入 {max} 行',
    en: 'At most {max} rows can be imported at once',
    jp: '一度にインポートできるのは最大 {max} 行です',
  },
  'import.unreadable': {
    zh: '文件无法读取，请检查格式',
    en: 'The file could not be read; check its format',
    jp: 'ファイルを読み取れません。形式を確認してください',
  },
  'export.notFound': { zh: '导出任务不存在', en: 'No such export', jp: 'エクスポートジョブが存在しません' },
  'export.failed': {
    zh: '导出失败，请重新导出',
    en: 'The export failed; start it again',
    jp: 'エクスポートに失敗しました。もう一度エクスポートしてください',
  },
  'export.linkTitle': { zh: '下载导出文件', en: 'Download the export', jp: 'エクスポートのダウンロード' },
  'export.linkExpired': {
    zh: '下载链接已过期（导出文件保留 24 小时），请回到原页面重新导出',
    en: 'This download link has expired (exports are kept for 24 hours). Go back and export again',
    jp: 'ダウンロードリンクの有効期限が切れました（エクスポートは 24 時間保存されます）。元のページに戻り、もう一度エクスポートしてください',
  },
  'export.linkInvalid': {
    zh: '下载链接无效：文件不存在，或不是你导出的',
    en: 'This download link is not valid: there is no such file, or it is not your export',
    jp: 'このダウンロードリンクは無効です：ファイルが存在しないか、あなたのエクスポートではありません',
  },
  'export.notReady': {
    zh: '文件还在生成中，请稍后再下载',
    en: 'The file is still being written; download it in a moment',
    jp: 'ファイルはまだ作成中です。しばらくしてからダウンロードしてください',
  },
  'teamExport.ownerAdminOnly': {
    zh: '仅团队所有者和管理员可以导出团队数据',
    en: "Only the team's owner and admins can export its data",
    jp: 'チームのデータをエクスポートできるのはオーナーと管理者のみです',
  },
  'import.notFound': { zh: '导入任务不存在', en: 'No such import', jp: 'インポートジョブが存在しません' },
  'import.notStartable': {
    zh: '该导入任务已开始，不能重复开始',
    en: 'This import has already started',
    jp: 'このインポートは既に開始されています',
  },
  'import.noMapping': {
    zh: '请至少为一列选择对应字段',
    en: 'Map at least one column to a field',
    jp: '少なくとも 1 列をフィールドに対応付けてください',
  },
  'import.interrupted': {
    zh: '导入因服务重启而中断，未写入任何数据',
    en: 'The import was interrupted by a server restart; nothing was written',
    jp: 'サーバーの再起動によりインポートが中断されました。データは書き込まれていません',
  },
  'import.interruptedPartial': {
    zh: '导入因服务重启而中断，已导入 {created} 行',
    en: 'The import was interrupted by a server restart after {created} rows',
    jp: 'サーバーの再起動によりインポートが中断されました（{created} 行をインポート済み）',
  },
  'import.unpackedTooBig': {
    zh: '文件解压后超过 {mb} MB，请拆分成几个较小的文件再导入',
    en: 'The file unpacks to more than {mb} MB; split it into smaller files and import them one by one',
    jp: 'ファイルを展開すると {mb} MB を超えます。小さなファイルに分けてからインポートしてください',
  },
  'import.rowTooBig': {
    zh: '第 {row} 行超过 {mb} MB，可能缺少结束引号，请检查文件后重新导入',
    en: 'Row {row} is longer than {mb} MB, perhaps a closing quote is missing; check the file and import it again',
    jp: '{row} 行目が {mb} MB を超えています。閉じ引用符が欠けている可能性があります。ファイルを確認してからもう一度インポートしてください',
  },
  'import.tooBig': {
    zh: '文件不能超过 {mb} MB',
    en: 'The file must not exceed {mb} MB',
    jp: 'ファイルは {mb} MB 以下にしてください',
  },
  'import.badMapping': {
    zh: '「{column}」不能导入到该字段',
    en: 'Column "{column}" cannot be imported into that field',
    jp: '「{column}」はそのフィールドにインポートできません',
  },
  'import.failed': {
    zh: '导入失败，未写入任何数据',
    en: 'The import failed; nothing was written',
    jp: 'インポートに失敗しました。データは書き込まれていません',
  },
  'import.rolledBack': {
    zh: '有 {count} 行数据校验不通过，已全部撤销',
    en: '{count} rows failed validation; nothing was imported',
    jp: '{count} 行が検証に失敗したため、すべて取り消されました',
  },
} as const satisfies Record<string, Record<Language, string>>;
