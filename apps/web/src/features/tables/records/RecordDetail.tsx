import type { FieldInfo, FormLayout, RecordItem } from '@canopy/contract';
import { Descriptions, Divider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FieldValue } from './FieldValue';
import { RecordComments } from './RecordComments';
import { RecordHistory, type RestoreRights } from './RecordHistory';

interface Props {
  engineCode: string;
  p: { appCode: string; schemaCode: string };
  record: RecordItem;
  fields: FieldInfo[];
  layout: FormLayout;
  /** With the edit right: versions and values of the history can be restored. */
  restore?: RestoreRights | undefined;
}

/** All fields of a record by the designed form, then its comments and its change history. */
export function RecordDetail({ engineCode, p, record, fields, layout, restore }: Props) {
  const { t } = useTranslation();
  const byCode = new Map(fields.filter((f) => !f.deleted).map((f) => [f.code, f]));
  return (
    <div data-testid="record-detail">
      {layout.sections.map((section) => {
        const items = section.fields.filter((x) => !x.hidden && byCode.has(x.code));
        if (!items.length) return null;
        return (
          <Descriptions
            key={section.id}
            title={layout.sections.length > 1 ? section.title : undefined}
            column={layout.columns}
            bordered
            size="small"
            style={{ marginBottom: 16 }}
            items={items.map((x) => {
              const f = byCode.get(x.code) as FieldInfo;
              const wide = x.wide || f.type === 'subTable' || f.type === 'richText';
              return {
                key: f.code,
                label: f.name,
                span: wide ? 'filled' : 1,
                children: (
                  <span data-testid={`detail-${f.name}`}>
                    <FieldValue field={f} value={record.data[f.code]} />
                  </span>
                ),
              };
            })}
          />
        );
      })}
      <Divider titlePlacement="start">
        <Typography.Text strong>{t('tables.comments.title')}</Typography.Text>
      </Divider>
      <RecordComments engineCode={engineCode} p={p} recordId={record.id} />
      <Divider titlePlacement="start">
        <Typography.Text strong>{t('tables.history')}</Typography.Text>
      </Divider>
      <RecordHistory
        engineCode={engineCode}
        p={p}
        id={record.id}
        fields={fields}
        version={record.version}
        restore={restore}
      />
    </div>
  );
}
