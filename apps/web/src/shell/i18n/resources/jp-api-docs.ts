/** Japanese texts of a data table's API page (issue 17). */
export const jpApiDocs = {
  button: 'API',
  title: '「{{name}}」の API',
  tokenHint:
    '先に「アカウント設定 → API トークン」でトークンを作成し、Authorization: Bearer <トークン> ヘッダーで送信してください。トークンの権限はあなた自身と同じです。見えないフィールドやデータは API でも見えません。',
  address: 'エンドポイント',
  docLink: '完全な API ドキュメント（OpenAPI）：',
  fields: 'フィールド',
  fieldName: 'フィールド名',
  apiName: 'API 名',
  type: '種類',
  shape: 'JSON 形式',
  readOnly: '読み取り専用',
  nullEmpties:
    '書き込み時、null はフィールドを空にし、省略すると値を保持します。読み取り専用フィールドはシステムが計算します。',
  examples: '呼び出し例',
  calls: {
    list: '一覧',
    query: '条件検索',
    get: '1 件取得',
    create: '追加',
    update: '更新',
    delete: '削除',
    batch: '一括書き込み',
    upload: 'ファイルのアップロード',
  },
  explain: {
    list: '作成日時の新しい順にページ単位で返します。次のページは前ページの nextCursor を渡します。',
    query: 'ビューと同じフィルター・並べ替えで検索します（1 ページ最大 500 件）。',
    get: 'ID でレコードを 1 件取得します。',
    create: 'レコードを追加します。data には API 名でフィールド値を指定します。',
    update: '一部のフィールドを更新します。version は読み取り時の値で、古い場合は 409 を返します。',
    delete: 'レコードを削除します。version を付けると他の人の直前の変更を誤って消しません。',
    batch: '最大 1,000 件の追加・更新・削除を 1 トランザクションで行います（すべて成功か、すべて取り消し）。',
    upload:
      '添付ファイル・画像フィールドは、先にファイルをアップロードし（読み書きトークン）、返された id をフィールドに設定します。画像は ?kind=image を付けます。',
  },
};
