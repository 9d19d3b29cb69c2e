import { type FieldInfo, FieldLevel, type TableRoleRights } from '@canopy/contract';
import { Flex, Radio, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Per field hidden, read-only or editable for the role, and the level fields added later get. */
export function FieldLevelsEditor({
  fields,
  value,
  onChange,
}: {
  fields: FieldInfo[];
  value: Pick<TableRoleRights, 'fields' | 'newFields'>;
  onChange: (next: Pick<TableRoleRights, 'fields' | 'newFields'>) => void;
}) {
  const { t } = useTranslation();
  const levelOptions = FieldLevel.map((l) => ({ value: l, label: t(`roleMatrix.level.${l}`) }));
  const live = fields.filter((f) => !f.deleted);
  return (
    <Flex vertical gap={12}>
      <Table<FieldInfo>
        size="small"
        rowKey="code"
        pagination={false}
        dataSource={live}
        data-testid="role-field-levels"
        columns={[
          { key: 'name', title: t('roleMatrix.fieldColumn'), dataIndex: 'name', ellipsis: true },
          {
            key: 'level',
            title: t('roleMatrix.levelColumn'),
            width: 230,
            render: (_: unknown, f: FieldInfo) => (
              <Radio.Group
                size="small"
                optionType="button"
                aria-label={t('roleMatrix.fieldLevelLabel', { name: f.name })}
                value={value.fields[f.code] ?? value.newFields}
                options={levelOptions}
                onChange={(e) => onChange({ ...value, fields: { ...value.fields, [f.code]: e.target.value } })}
                data-testid={`role-field-${f.code}`}
              />
            ),
          },
        ]}
      />
      <Flex align="center" gap={8} wrap>
        <Typography.Text id="role-new-fields">{t('roleMatrix.newFields')}</Typography.Text>
        <Select
          aria-labelledby="role-new-fields"
          style={{ width: 140 }}
          value={value.newFields}
          options={levelOptions}
          onChange={(newFields) => {
            // Fields showing the old default keep it: only fields added later take the new one.
            const fieldsKept = { ...value.fields };
            for (const f of live) fieldsKept[f.code] = value.fields[f.code] ?? value.newFields;
            onChange({ fields: fieldsKept, newFields });
          }}
          data-testid="role-new-fields"
        />
      </Flex>
    </Flex>
  );
}
