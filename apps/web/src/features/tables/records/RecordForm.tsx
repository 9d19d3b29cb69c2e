import type { FieldInfo, FieldRules, FormLayout, RecordItem } from '@canopy/contract';
import { FieldWebs } from '@canopy/fields/web';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Flex, Form, Row, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/form-errors';
import { tablesApi } from '../api/tables-api';
import { withFlowRules } from './flow-rules';
import { useNewRecordDefaults } from './useNewRecordDefaults';
import { validateRecord } from './validate';

interface Props {
  p: { appCode: string; schemaCode: string };
  tableKey: readonly unknown[];
  fields: FieldInfo[];
  layout: FormLayout;
  /** Editing this record; absent: filling a new one. */
  record?: RecordItem;
  onDone?: (record: RecordItem) => void;
  onReload?: () => Promise<RecordItem | undefined>;
  /**
   * A flow node's effective field rules (fields it does not name are hidden there): read-only and
   * required fields follow them. Absent: the form as designed.
   */
  flowRules?: FieldRules;
  /** Replaces the save button: the flow's own buttons (提交/暂存, 同意/驳回 …) collect the values. */
  actions?: (form: FormActions) => ReactNode;
  /** Shown above the fields (e.g. the participants the submitter chooses). */
  header?: ReactNode;
}

/** What a form's own buttons get: the checked values, and a way to show the server's refusal on the form. */
export interface FormActions {
  /** The editable fields' values when they pass the field checks (errors shown otherwise); `required` also enforces required fields. */
  collect: (options?: { required?: boolean }) => { data: Record<string, unknown>; version: number } | null;
  /** Shows a failed call on the form (field messages under their fields, a conflict with its reload). */
  fail: (error: unknown) => void;
  busy: boolean;
  setBusy: (busy: boolean) => void;
}

/** The designed form: sections, one or two columns, help text, hidden and read-only fields. */
export function RecordForm(props: Props) {
  const { p, tableKey, record, onDone, onReload, actions, header } = props;
  const { layout, fields } = withFlowRules(props.layout, props.fields, props.flowRules);
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ title: string; text: string; conflict?: boolean } | null>(null);
  const [version, setVersion] = useState(record?.version ?? 0);
  const byCode = new Map(fields.filter((f) => !f.deleted).map((f) => [f.code, f]));
  const defaults = useNewRecordDefaults(fields, !record);
  const initial = record ? record.data : defaults.values;
  // The main department arrives after the form: filled in where nothing was chosen yet.
  useEffect(() => {
    if (record || !defaults.ready) return;
    for (const [code, value] of Object.entries(defaults.values))
      if (value !== undefined && !form.isFieldTouched(code) && form.getFieldValue(code) === undefined)
        form.setFieldValue(code, value);
  }, [record, defaults, form]);

  const collect = ({ required = true }: { required?: boolean } = {}) => {
    setProblem(null);
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    const editable = layout.sections
      .flatMap((s) => s.fields)
      .filter((x) => !x.hidden && !x.readOnly)
      .map((x) => byCode.get(x.code))
      .filter((f): f is FieldInfo => Boolean(f && FieldWebs[f.type]?.Input && !f.system))
      .map((f) => (required ? f : { ...f, required: false }));
    const checked = validateRecord(editable, Object.fromEntries(editable.map((f) => [f.code, values[f.code]])));
    form.setFields(editable.map((f) => ({ name: f.code, errors: [] })));
    if (checked.errors.length) {
      form.setFields(checked.errors);
      setProblem({ title: t('tables.validateFailed'), text: '' });
      return null;
    }
    return { data: checked.data, version };
  };

  const fail = (error: unknown) => {
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
  };

  const submit = async () => {
    const checked = collect();
    if (!checked) return;
    setBusy(true);
    try {
      const saved = record
        ? await tablesApi.updateRecord(p, record.id, version, checked.data)
        : await tablesApi.create(p, checked.data);
      await queryClient.invalidateQueries({ queryKey: tableKey });
      message.success(record ? t('tables.saved') : t('tables.created'));
      onDone?.(saved);
    } catch (error) {
      fail(error);
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
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={actions ? undefined : submit}
      data-testid="record-form"
    >
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
      {header}
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
      {actions ? (
        actions({ collect, fail, busy, setBusy })
      ) : (
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={busy} data-testid="record-submit">
            {record ? t('tables.save') : t('tables.submit')}
          </Button>
        </Flex>
      )}
    </Form>
  );
}

function ReadOnlyValue({ value, render }: { value?: unknown; render: (v: unknown) => ReactNode }) {
  return (
    <div style={{ minHeight: 32, paddingTop: 5 }}>{value === null || value === undefined ? '—' : render(value)}</div>
  );
}
