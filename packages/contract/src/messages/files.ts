import type { Language } from '../i18n.js';

/** Server messages of uploaded files. */
export const FileMessages = {
  'file.missing': {
    zh: '请选择要上传的文件',
    en: 'Choose a file to upload',
    jp: 'アップロードするファイルを選択してください',
  },
  'file.tooLarge': {
    zh: '文件不能超过{limit}MB',
    en: 'Files must be at most {limit} MB',
    jp: 'ファイルは{limit}MB以下にしてください',
  },
  'file.notImage': {
    zh: '图片须为 PNG、JPEG、GIF 或 WebP 格式',
    en: 'Images must be PNG, JPEG, GIF or WebP',
    jp: '画像は PNG・JPEG・GIF・WebP 形式にしてください',
  },
  'file.malformed': {
    zh: '上传的内容不完整或格式不正确，请重新选择文件上传',
    en: 'The upload was incomplete or malformed; choose the file and upload it again',
    jp: 'アップロードの内容が不完全か形式が正しくありません。ファイルを選び直してアップロードしてください',
  },
  'file.notFound': { zh: '文件不存在', en: 'No such file', jp: 'ファイルが存在しません' },
} as const satisfies Record<string, Record<Language, string>>;
