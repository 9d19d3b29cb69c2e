import type { Language } from '../i18n.js';

/** Server messages of data tables: tables, fields, filters, records, formulas, relation look-ups. */
export const TableMessages = {
  'field.settings.invalid': {
    zh: '字段设置不正确',
    en: 'The field settings are not valid',
    jp: 'フィールド設定が正しくありません',
  },
  'field.number.invalid': {
    zh: '{field}须为数字',
    en: '{field} must be a number',
    jp: '{field}は数値で入力してください',
  },
  'field.number.min': {
    zh: '{field}不能小于{limit}',
    en: '{field} must be at least {limit}',
    jp: '{field}は{limit}以上にしてください',
  },
  'field.number.max': {
    zh: '{field}不能大于{limit}',
    en: '{field} must be at most {limit}',
    jp: '{field}は{limit}以下にしてください',
  },
  'field.date.invalid': {
    zh: '{field}日期格式不正确',
    en: '{field} is not a valid date',
    jp: '{field}の日付が正しくありません',
  },
  'field.select.invalid': {
    zh: '{field}的选项不存在',
    en: '{field} has an option that does not exist',
    jp: '{field}に存在しない選択肢があります',
  },
  'field.checkbox.invalid': {
    zh: '{field}须为是或否',
    en: '{field} must be yes or no',
    jp: '{field}ははい/いいえで指定してください',
  },
  'field.phone.invalid': {
    zh: '{field}不是有效的电话号码',
    en: '{field} is not a valid phone number',
    jp: '{field}は有効な電話番号ではありません',
  },
  'field.email.invalid': {
    zh: '{field}不是有效的邮箱',
    en: '{field} is not a valid email',
    jp: '{field}は有効なメールアドレスではありません',
  },
  'field.url.invalid': {
    zh: '{field}须为 http 或 https 链接',
    en: '{field} must be an http or https link',
    jp: '{field}は http または https のリンクにしてください',
  },
  'field.people.single': {
    zh: '{field}只能选择一项',
    en: '{field} takes one choice only',
    jp: '{field}は1つだけ選択できます',
  },
  'field.people.unknown': {
    zh: '{field}中有不属于本团队的成员或部门',
    en: '{field} names someone or a department outside this team',
    jp: '{field}にチーム外のメンバーまたは部署が含まれています',
  },
  'field.location.invalid': {
    zh: '{field}地址格式不正确',
    en: '{field} is not a valid location',
    jp: '{field}の住所が正しくありません',
  },
  'field.subtable.invalid': {
    zh: '{field}第{row}行的{column}填写不正确',
    en: '{field}: row {row}, {column} is not valid',
    jp: '{field}の{row}行目の{column}が正しくありません',
  },
  'field.relation.unknown': {
    zh: '{field}中有不存在或无权查看的数据',
    en: '{field} links records that do not exist or that you cannot see',
    jp: '{field}に存在しないか閲覧できないデータがあります',
  },
  'field.relation.target': {
    zh: '关联的数据表不存在',
    en: 'The related table does not exist',
    jp: '関連先のテーブルが存在しません',
  },
  'field.file.unknown': {
    zh: '{field}中有不存在的文件',
    en: '{field} names files that do not exist',
    jp: '{field}に存在しないファイルがあります',
  },
  'field.file.notImage': {
    zh: '{field}只能上传图片',
    en: '{field} takes images only',
    jp: '{field}には画像のみ指定できます',
  },
  'field.formula.invalid': { zh: '公式有误，请检查', en: 'The formula is not valid', jp: '数式が正しくありません' },
  'field.formula.unknownField': {
    zh: '公式引用了不存在的字段{name}',
    en: 'The formula uses a field that does not exist: {name}',
    jp: '数式が存在しないフィールド {name} を参照しています',
  },
  'field.formula.cycle': {
    zh: '公式之间不能循环引用',
    en: 'Formulas cannot refer to each other in a loop',
    jp: '数式を循環参照させることはできません',
  },
  'field.lookup.invalid': {
    zh: '查找引用须选择本表的关联字段和关联表中的字段',
    en: 'A lookup needs a relation field of this table and a field of the related table',
    jp: 'ルックアップには、このテーブルの関連フィールドと関連先のフィールドが必要です',
  },
  'filter.missing': {
    zh: '请设置筛选条件',
    en: 'Set the filter conditions',
    jp: '絞り込み条件を設定してください',
  },
  'filter.invalid': {
    zh: '筛选条件不正确：{detail}',
    en: 'The filter is not valid: {detail}',
    jp: 'フィルター条件が正しくありません：{detail}',
  },
  'query.unknownField': {
    zh: '没有可读取的字段：{field}',
    en: 'No field to read by that code: {field}',
    jp: '読み取れるフィールドがありません：{field}',
  },
  'field.notFound': { zh: '字段不存在', en: 'No such field', jp: 'フィールドが存在しません' },
  'field.unknownType': {
    zh: '不支持的字段类型',
    en: 'Unsupported field type',
    jp: 'サポートされていないフィールド型です',
  },
  'field.nameEmpty': { zh: '请输入字段名称', en: 'Enter the field name', jp: 'フィールド名を入力してください' },
  'field.nameTaken': {
    zh: '字段名称已存在',
    en: 'A field with this name exists',
    jp: '同じ名前のフィールドがあります',
  },
  'schema.nothingToChange': {
    zh: '没有要修改的内容：请提供标题字段（titleFieldCode）、标题格式（titleFormat）或权限（permissions）',
    en: 'Nothing to change: send titleFieldCode, titleFormat or permissions',
    jp: '変更する内容がありません：titleFieldCode、titleFormat、permissions のいずれかを指定してください',
  },
  'schema.notFound': { zh: '数据表不存在', en: 'No such table', jp: 'テーブルが存在しません' },
  'record.systemField': {
    zh: '{field}由系统生成，不能修改',
    en: '{field} is set by the system',
    jp: '{field}はシステムが設定します',
  },
  'record.unique': {
    zh: '{field}的值已存在',
    en: '{field} must be unique; this value exists',
    jp: '{field}の値はすでに存在します',
  },
  'record.deleted': { zh: '数据已被删除', en: 'The record has been deleted', jp: 'データは削除されました' },
  'record.inFlow': {
    zh: '该数据正在审批流程中，请在流程中修改',
    en: 'This record is going through an approval flow; change it within the flow',
    jp: 'このデータは承認フローの途中です。フロー内で変更してください',
  },
  'record.conflict': {
    zh: '数据已被他人修改，请刷新后重试',
    en: 'Someone else changed this record; reload and try again',
    jp: '他のユーザーがデータを変更しました。再読み込みしてやり直してください',
  },
  'record.syncReadOnly': {
    zh: '同步表的数据来自外部数据源，只能通过同步更新，不能在此新增、编辑、删除或导入',
    en: 'A synced table copies an external data source: its records change only by syncing, not by adding, editing, deleting or importing here',
    jp: '同期テーブルのデータは外部データソースのコピーです。同期でのみ更新され、ここで追加・編集・削除・インポートはできません',
  },
  'record.noAdd': { zh: '无新增数据权限', en: 'No permission to add records', jp: 'データ追加の権限がありません' },
  'record.noView': { zh: '无查看数据权限', en: 'No permission to view records', jp: 'データ閲覧の権限がありません' },
  'record.noEdit': { zh: '无编辑数据权限', en: 'No permission to edit records', jp: 'データ編集の権限がありません' },
  'record.noDelete': {
    zh: '无删除数据权限',
    en: 'No permission to delete records',
    jp: 'データ削除の権限がありません',
  },
  'record.noImport': {
    zh: '无导入数据权限',
    en: 'No permission to import records',
    jp: 'データインポートの権限がありません',
  },
  'record.noExport': {
    zh: '无导出数据权限',
    en: 'No permission to export records',
    jp: 'データエクスポートの権限がありません',
  },
  'record.fieldReadonly': {
    zh: '{field}为只读字段，不能修改',
    en: '{field} is read-only and cannot be changed',
    jp: '{field}は読み取り専用のため変更できません',
  },
  'record.historyNotFound': {
    zh: '该历史版本不存在',
    en: 'No such version in the record’s history',
    jp: 'この履歴バージョンは存在しません',
  },
  'record.restoreDeleted': {
    zh: '删除操作不是可恢复的版本',
    en: 'A deletion is not a version to restore',
    jp: '削除は復元できるバージョンではありません',
  },
  'record.restoreField': {
    zh: '该字段在此版本中没有变更，无法恢复此值',
    en: 'This field did not change in this version; there is no value to restore',
    jp: 'このフィールドはこのバージョンで変更されていないため、値を復元できません',
  },
  'formula.jobNotFound': {
    zh: '公式计算任务不存在',
    en: 'No such formula computation',
    jp: '数式の計算ジョブが存在しません',
  },
  'lookup.throttled': {
    zh: '查询过于频繁，请{minutes}分钟后再试',
    en: 'Too many lookups; try again in {minutes} minutes',
    jp: '照会が多すぎます。{minutes}分後にもう一度お試しください',
  },
  'lookup.noChallenge': {
    zh: '请在注册页面输入账号后再查询',
    en: 'Accounts can be checked only from the sign-up page',
    jp: 'アカウントの確認は登録ページからのみ行えます',
  },
} as const satisfies Record<string, Record<Language, string>>;
