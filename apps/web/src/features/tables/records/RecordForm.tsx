import type { FieldInfo, FormLayout, RecordItem } from '@canopy/contract';
import { FieldWebs } from '@canopy/fields/web';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Flex, Form, Row, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/form-errors';
import { tablesApi } from '../api/tables-api';
import { validateRecord } from './validate';

interface Props {
  p: { appCode: string; schemaCode: string };
  tableKey: readonly unknown[];
  fields: FieldInfo[];
  layout: FormLayout;
  /** Editing this record; absent: filling a new one. */
  record?: RecordItem;
  onDone: (record: RecordItem) => void;
  onReload?: () => Promise<RecordItem | undefined>;
}

/** The designed form: sections, one or two columns, help text, hidden and read-only fields. */
export function RecordForm({ p, tableKey, fields, layout, record, onDone, onReload }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ title: string; text: string; conflict?: boolean } | null>(null);
  const [version, setVersion] = useState(record?.version ?? 0);
  const byCode = new Map(fields.filter((f) => !f.deleted).map((f) => [f.code, f]));
  const initial = record ? record.data : Object.fromEntries(fields.map((f) => [f.code, f.defaultValue ?? undefined]));

  const submit = async () => {
    setProblem(null);
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const editable = layout.sections
      .flatMap((s) => s.fields)
      .filter((x) => !x.hidden && !x.readOnly)
      .map((x) => byCode.get(x.code))
      .filter((f): f is FieldInfo => Boolean(f && FieldWebs[f.type]?.Input && !f.system));
    const checked = validateRecord(editable, Object.fromEntries(editable.map((f) => [f.code, values[f.code]])));
    form.setFields(editable.map((f) => ({ name: f.code, errors: [] })));
    if (checked.errors.length) {
      form.setFields(checked.errors);
      setProblem({ title: t('tables.validateFailed'), text: '' });
      return;
    }
    setBusy(true);
    try {
      const saved = record
        ? await tablesApi.updateRecord(p, record.id, version, checked.data)
        : await tablesApi.create(p, checked.data);
      await queryClient.invalidateQueries({ queryKey: tableKey });
      message.success(record ? t('tables.saved') : t('tables.created'));
      onDone(saved);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setProblem({ title: t('tables.conflictTitle'), text: error.errorMessage, conflict: true });
      } else if (isApiError(error) && error.fieldErrors.length) {
        form.setFields(
          error.fieldErrors.filter((f) => byCode.has(f.field)).map((f) => ({ name: f.field, errors: [f.message] })),
        );
        setProblem({
          title: t('tables.validateFailed'),
          text: error.fieldErrors
            .filter((f) => !byCode.has(f.field))
            .map((f) => f.message)
            .join('；'),
        });
      } else {
        setProblem({ title: errorText(error), text: '' });
      }
    } finally {
      setBusy(false);
    }
  };

  const reload = async () => {
    const latest = await onReload?.();
    if (latest) {
      setVersion(latest.version);
      form.setFieldsValue(latest.data);
      setProblem(null);
    }
  };

  const span = layout.columns === 2 ? 12 : 24;
  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} data-testid="record-form">
      {problem && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={problem.title}
          description={problem.conflict ? `${problem.text}。${t('tables.conflictHint')}` : problem.text || undefined}
          action={
            problem.conflict && onReload ? (
              <Button size="small" onClick={reload}>
                {t('tables.conflictReload')}
              </Button>
            ) : undefined
          }
          data-testid="record-form-error"
        />
      )}
      {layout.sections.map((section) => {
        const items = section.fields.filter((x) => !x.hidden && byCode.has(x.code));
        if (!items.length) return null;
        return (
          <section key={section.id} data-testid={`form-section-${section.title}`}>
            {layout.sections.length > 1 && <Typography.Title level={5}>{section.title}</Typography.Title>}
            <Row gutter={16}>
              {items.map((x) => {
                const f = byCode.get(x.code) as FieldInfo;
                const web = FieldWebs[f.type];
                const Input = web?.Input;
                const View = web?.View;
                const readOnly = x.readOnly || f.system || !Input;
                const wide = x.wide || f.type === 'subTable' || f.type === 'richText';
                return (
                  <Col key={f.code} span={wide ? 24 : span}>
                    <Form.Item
                      name={f.code}
                      label={f.name}
                      required={f.required && !readOnly}
                      extra={x.helpText || f.description || undefined}
                      data-testid={`form-field-${f.name}`}
                    >
                      {readOnly ? (
                        <ReadOnlyValue render={(v) => (View ? <View value={v} settings={f.settings} /> : null)} />
                      ) : Input ? (
                        <Input settings={f.settings} />
                      ) : null}
                    </Form.Item>
                  </Col>
                );
              })}
            </Row>
          </section>
        );
      })}
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={busy} data-testid="record-submit">
          {record ? t('tables.save') : t('tables.submit')}
        </Button>
      </Flex>
    </Form>
  );
}

function ReadOnlyValue({ value, render }: { value?: unknown; render: (v: unknown) => ReactNode }) {
  return (
    <div style={{ minHeight: 32, paddingTop: 5 }}>{value === null || value === undefined ? '—' : render(value)}</div>
  );
}
