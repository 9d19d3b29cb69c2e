import type { Language } from '../i18n.js';

/** Server messages of data sources and sync tables. */
export const DatasourceMessages = {
  'datasource.notFound': { zh: '数据源不存在', en: 'No such data source', jp: 'データソースが存在しません' },
  'datasource.syncNotFound': { zh: '同步表不存在', en: 'No such synced table', jp: '同期テーブルが存在しません' },
  'datasource.inUse': {
    zh: '还有同步表在使用这个数据源，请先删除这些同步表',
    en: 'Synced tables still use this data source; delete them first',
    jp: 'このデータソースを使う同期テーブルがあります。先に削除してください',
  },
  'datasource.tooMany': {
    zh: '每个应用最多50个数据源',
    en: 'An app can have at most 50 data sources',
    jp: '1つのアプリのデータソースは50個までです',
  },
  'datasource.settingMissing': { zh: '请填写{field}', en: 'Enter the {field}', jp: '{field}を入力してください' },
  'datasource.urlInvalid': {
    zh: '请输入以 http:// 或 https:// 开头的地址',
    en: 'Enter an address starting with http:// or https://',
    jp: 'http:// または https:// で始まるアドレスを入力してください',
  },
  'datasource.hostUnresolved': {
    zh: '这个主机名无法解析，请检查地址',
    en: 'The host name does not resolve: check the address',
    jp: 'このホスト名を解決できません。アドレスを確認してください',
  },
  'datasource.sourceOne': {
    zh: '请选择一张表，或填写一条查询语句',
    en: 'Choose one table or enter one query',
    jp: 'テーブルを1つ選ぶか、クエリを1つ入力してください',
  },
  'datasource.columnUnknown': {
    zh: '数据源中没有这一列',
    en: 'The data source has no such column',
    jp: 'データソースにこの列はありません',
  },
  'datasource.error.auth': {
    zh: '用户名或密码错误，数据源拒绝了登录',
    en: 'Wrong user name or password: the data source refused the sign-in',
    jp: 'ユーザー名またはパスワードが違います。データソースがログインを拒否しました',
  },
  'datasource.error.unreachable': {
    zh: '无法连接到数据源，请检查地址、端口、数据库名称、用户名和密码（或访问令牌），以及网络是否可达',
    en: 'Cannot connect to the data source: check the address, the port, the database name, the user name and password (or the token) and the network',
    jp: 'データソースに接続できません。アドレス、ポート、データベース名、ユーザー名とパスワード（またはトークン）、ネットワークを確認してください',
  },
  'datasource.error.databaseMissing': {
    zh: '数据库不存在，请检查数据库名称',
    en: 'The database does not exist: check its name',
    jp: 'データベースが存在しません。名前を確認してください',
  },
  'datasource.error.timeout': {
    zh: '连接或读取超时，服务器没有及时响应',
    en: 'The connection or read timed out: the server did not answer in time',
    jp: '接続または読み取りがタイムアウトしました。サーバーが時間内に応答しませんでした',
  },
  'datasource.error.tableMissing': {
    zh: '数据表不存在或没有读取权限',
    en: 'The table does not exist, or the user may not read it',
    jp: 'テーブルが存在しないか、読み取り権限がありません',
  },
  'datasource.error.queryInvalid': {
    zh: '查询语句有误，数据源无法执行',
    en: 'The query has an error: the data source cannot run it',
    jp: 'クエリに誤りがあり、データソースで実行できません',
  },
  'datasource.error.notReadOnly': {
    zh: '只能使用一条 SELECT 查询语句（只读）',
    en: 'Only one SELECT query is allowed (read-only)',
    jp: '使えるのは SELECT クエリ1つだけです（読み取り専用）',
  },
  'datasource.error.blocked': {
    zh: '出于安全原因，不能访问这个地址（链路本地、云元数据地址，或未允许的内网、本机地址）',
    en: 'For safety this address cannot be reached (a link-local or cloud metadata address, or a private or loopback address this installation does not allow)',
    jp: 'セキュリティ上の理由でこのアドレスには接続できません（リンクローカル、クラウドのメタデータ、または許可されていないプライベート・ループバックアドレス）',
  },
  'datasource.error.ownDatabase': {
    zh: '不能连接本系统自己的数据库',
    en: "This installation's own database cannot be used as a data source",
    jp: 'このシステム自身のデータベースには接続できません',
  },
  'datasource.error.httpStatus': {
    zh: '接口返回了错误状态，请检查地址和访问令牌',
    en: 'The endpoint answered with an error status: check the address and the token',
    jp: 'エンドポイントがエラーを返しました。アドレスとトークンを確認してください',
  },
  'datasource.error.notJson': {
    zh: '接口返回的内容不是 JSON',
    en: 'The endpoint did not answer with JSON',
    jp: 'エンドポイントの応答が JSON ではありません',
  },
  'datasource.error.noArray': {
    zh: '在所选路径上没有找到对象数组',
    en: 'No array of objects at the chosen path',
    jp: '選んだパスにオブジェクトの配列がありません',
  },
  'datasource.error.tooManyRows': {
    zh: '数据超过20万行，请用查询语句缩小范围',
    en: 'More than 200,000 rows: narrow it down with a query',
    jp: '20万行を超えています。クエリで範囲を絞ってください',
  },
  'datasource.error.keyMissing': {
    zh: '数据中没有主键列，或有的行主键为空',
    en: 'The key column is missing, or some rows have no key',
    jp: 'キー列がないか、キーが空の行があります',
  },
  'datasource.error.keyDuplicate': {
    zh: '主键列有重复的值，无法按主键同步',
    en: 'The key column has repeated values, so rows cannot be matched by it',
    jp: 'キー列に重複した値があり、キーで同期できません',
  },
  'datasource.error.other': {
    zh: '数据源出错，请查看详细信息',
    en: 'The data source failed; see the details',
    jp: 'データソースでエラーが発生しました。詳細を確認してください',
  },
} as const satisfies Record<string, Record<Language, string>>;
