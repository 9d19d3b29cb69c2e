import { DeleteOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import type { AutoOperation, FieldAssignment, FieldInfo } from '@canopy/contract';
import { FieldWebs } from '@canopy/fields/web';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Dropdown, Flex, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { tableKeys, tablesApi } from '../../tables/api/tables-api';
import { ParticipantsEditor } from './ParticipantsEditor';

type Kind = AutoOperation['kind'];
const KINDS: Kind[] = ['updateFields', 'createRecord', 'notify'];

interface Props {
  value: AutoOperation[];
  onChange: (operations: AutoOperation[]) => void;
  fields: FieldInfo[];
  schemaCode: string;
}

const writable = (f: FieldInfo) => !f.deleted && !f.system && Boolean(FieldWebs[f.type]?.Input);

function blank(kind: Kind, subject: string): AutoOperation {
  if (kind === 'updateFields') return { kind, values: [] };
  if (kind === 'createRecord') return { kind, schemaCode: '', values: [] };
  return { kind, participants: [], subject, content: '' };
}

/** What an automatic node does, in order: update this record, create a record elsewhere, notify people. */
export function ActionOperationsEditor({ value, onChange, fields, schemaCode }: Props) {
  const { t } = useTranslation();
  const set = (i: number, op: AutoOperation | null) =>
    onChange(op ? value.map((o, j) => (j === i ? op : o)) : value.filter((_, j) => j !== i));
  return (
    <Flex vertical gap={12} data-testid="wf-operations">
      {value.map((op, i) => (
        <Card
          // biome-ignore lint/suspicious/noArrayIndexKey: operations have no ids; their order is their identity
          key={i}
          size="small"
          title={`${i + 1}. ${t(`workflow.operation.${op.kind}`)}`}
          extra={
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('workflow.operation.remove')}
              onClick={() => set(i, null)}
            />
          }
        >
          <OperationEditor op={op} onChange={(next) => set(i, next)} fields={fields} schemaCode={schemaCode} />
        </Card>
      ))}
      <Dropdown
        trigger={['click']}
        menu={{
          items: KINDS.map((k) => ({ key: k, label: t(`workflow.operation.${k}`) })),
          onClick: ({ key }) => {
            const kind = KINDS.find((k) => k === key);
            if (kind) onChange([...value, blank(kind, t('workflow.operation.defaultSubject'))]);
          },
        }}
      >
        <Button type="dashed" block icon={<PlusOutlined />} disabled={value.length >= 20}>
          {t('workflow.operation.add')} <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
    </Flex>
  );
}

function OperationEditor({
  op,
  onChange,
  fields,
  schemaCode,
}: {
  op: AutoOperation;
  onChange: (op: AutoOperation) => void;
  fields: FieldInfo[];
  schemaCode: string;
}) {
  const { t } = useTranslation();
  const { nodes } = useAppWorkspace();
  if (op.kind === 'updateFields')
    return (
      <Assignments
        values={op.values}
        onChange={(values) => onChange({ ...op, values })}
        targets={fields.filter(writable)}
        sources={fields}
      />
    );
  if (op.kind === 'createRecord') {
    const tables = nodes.filter((n) => n.type === 'Schema' && n.code !== schemaCode);
    return (
      <Flex vertical gap={8}>
        <Select
          value={op.schemaCode || undefined}
          placeholder={t('workflow.operation.pickTable')}
          onChange={(code: string) => onChange({ ...op, schemaCode: code, values: [] })}
          options={tables.map((n) => ({ value: n.code, label: n.displayName }))}
          notFoundContent={t('workflow.operation.noOtherTables')}
        />
        {op.schemaCode && (
          <OtherTableAssignments
            schemaCode={op.schemaCode}
            values={op.values}
            onChange={(values) => onChange({ ...op, values })}
            sources={fields}
          />
        )}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t('workflow.operation.notifyTo')}</Typography.Text>
      <ParticipantsEditor
        value={op.participants}
        onChange={(participants) => onChange({ ...op, participants })}
        fields={fields}
        kinds={['members', 'departments', 'roles', 'manager', 'field', 'originator']}
        testId="wf-notify-participants"
      />
      <Input
        value={op.subject}
        maxLength={200}
        placeholder={t('workflow.operation.subject')}
        onChange={(e) => onChange({ ...op, subject: e.target.value })}
      />
      <Input.TextArea
        value={op.content}
        maxLength={2000}
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('workflow.operation.content')}
        onChange={(e) => onChange({ ...op, content: e.target.value })}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('workflow.operation.placeholderHint')}
      </Typography.Text>
    </Flex>
  );
}

function OtherTableAssignments(props: {
  schemaCode: string;
  values: FieldAssignment[];
  onChange: (v: FieldAssignment[]) => void;
  sources: FieldInfo[];
}) {
  const { engineCode, appCode } = useAppWorkspace();
  const schema = useQuery({
    queryKey: tableKeys.schema(engineCode, appCode, props.schemaCode),
    queryFn: () => tablesApi.schema({ appCode, schemaCode: props.schemaCode }),
  });
  if (!schema.data) return null;
  return (
    <Assignments
      values={props.values}
      onChange={props.onChange}
      targets={schema.data.fields.filter(writable)}
      sources={props.sources}
    />
  );
}

/** Rows of "field = a constant" or "field = this record's field". */
function Assignments({
  values,
  onChange,
  targets,
  sources,
}: {
  values: FieldAssignment[];
  onChange: (v: FieldAssignment[]) => void;
  targets: FieldInfo[];
  sources: FieldInfo[];
}) {
  const { t } = useTranslation();
  const set = (i: number, a: FieldAssignment | null) =>
    onChange(a ? values.map((x, j) => (j === i ? a : x)) : values.filter((_, j) => j !== i));
  return (
    <Flex vertical gap={8}>
      {values.map((a, i) => {
        const target = targets.find((f) => f.code === a.field);
        const Input = target ? FieldWebs[target.type]?.Input : undefined;
        const fromField = a.fromField !== undefined;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: assignments have no ids
          <Flex key={i} gap={6} align="flex-start" wrap>
            <Select
              style={{ width: 140 }}
              value={a.field || undefined}
              placeholder={t('workflow.operation.pickField')}
              onChange={(field: string) => set(i, { field })}
              options={targets.map((f) => ({ value: f.code, label: f.name }))}
            />
            <Select
              style={{ width: 104 }}
              value={fromField ? 'field' : 'value'}
              onChange={(mode: string) =>
                set(i, mode === 'field' ? { field: a.field, fromField: '' } : { field: a.field })
              }
              options={[
                { value: 'value', label: t('workflow.operation.constant') },
                { value: 'field', label: t('workflow.operation.fromField') },
              ]}
            />
            <div style={{ flex: 1, minWidth: 160 }}>
              {fromField ? (
                <Select
                  style={{ width: '100%' }}
                  value={a.fromField || undefined}
                  placeholder={t('workflow.operation.pickField')}
                  onChange={(code: string) => set(i, { field: a.field, fromField: code })}
                  options={sources.filter((f) => !f.deleted).map((f) => ({ value: f.code, label: f.name }))}
                />
              ) : Input && target ? (
                <Input
                  settings={target.settings}
                  value={a.value}
                  onChange={(value) => set(i, { field: a.field, value })}
                />
              ) : null}
            </div>
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label={t('workflow.operation.removeValue')}
              onClick={() => set(i, null)}
            />
          </Flex>
        );
      })}
      <Button
        size="small"
        type="link"
        icon={<PlusOutlined />}
        style={{ alignSelf: 'flex-start', padding: 0 }}
        onClick={() => onChange([...values, { field: '' }])}
      >
        {t('workflow.operation.addValue')}
      </Button>
    </Flex>
  );
}
