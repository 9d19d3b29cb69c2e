import type { zhPackages } from './zh-packages';

export const jpPackages: typeof zhPackages = {
  importTitle: 'パッケージをインポート',
  importIntro:
    'Canopy からエクスポートしたアプリパッケージ（zip）をアップロードし、このチームの新しいアプリとしてインストールします。',
  dropHint: 'クリックするかパッケージをここにドラッグしてアップロード',
  dropLimit: 'zip 形式のみ、1ファイル50MBまで',
  notZip: 'zip ファイルをアップロードしてください',
  tooLarge: '1ファイルは50MB以下にしてください',
  uploadFirst: '先に zip パッケージをアップロードしてください',
  waitUpload: 'アップロードの完了をお待ちください',
  uploadFailed: 'アップロードに失敗しました',
  uploaded: 'アップロード済み',
  remove: '削除',
  withBizData: '業務データもインポートする',
  withBizDataHint: 'パッケージ内のレコードと添付ファイル',
  install: 'インストール',
  installing: 'インストール中…',
  installed: 'インストールしました',
  installFailed: 'インストールに失敗しました',
  exportTitle: 'パッケージをエクスポート',
  exportIntro:
    'アプリのメニュー・テーブル・フォーム・ビュー・権限・フロー・ダッシュボードを zip にまとめ、他のチームやシステムでインストールできます。',
  includeData: 'データを含める',
  includeDataHint: 'すべてのレコードと添付ファイルもエクスポートします',
  export: 'エクスポート',
  exporting: 'エクスポート中…',
  exported: 'パッケージをエクスポートしました',
};
