import type { FieldInfo, SavedViewInfo, ViewInfo } from '@canopy/contract';
import { Alert, Flex, Form, Input, Modal, Radio, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../../shell/api/form-errors';
import { type SaveView, tablesApi } from '../../api/tables-api';
import { VIEW_KINDS, type ViewKind } from '../view-model';
import { groupableFields, KIND_ICONS } from './view-kinds';

interface Props {
  p: { appCode: string; schemaCode: string };
  fields: FieldInfo[];
  /** May create public views (design rights on the app). */
  designable: boolean;
  /** Renaming this view; absent: creating one. */
  view?: ViewInfo;
  onDone: (view: SavedViewInfo) => void;
  onCancel: () => void;
}

interface Values {
  name: string;
  kind: ViewKind;
  scope: 'public' | 'personal';
}

/** A new view starts with every field shown and, for board-like kinds, the first fitting field. */
function initialConfig(kind: ViewKind, fields: FieldInfo[]): NonNullable<SaveView['config']> {
  const live = fields.filter((f) => !f.deleted);
  const groupBy = kind === 'grid' ? undefined : groupableFields(kind, live)[0]?.code;
  return {
    columns: live.map((f) => ({ field: f.code, hidden: false })),
    sorts: [],
    rowHeight: 'short',
    pageSize: kind === 'calendar' ? 500 : 50,
    ...(groupBy ? { groupBy } : {}),
  };
}

/** Create a view (name, kind, public or personal) or rename one. */
export function ViewDialog({ p, fields, designable, view, onDone, onCancel }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const kind = Form.useWatch('kind', form) ?? 'grid';

  const submit = async (values: Values) => {
    setBusy(true);
    setProblem('');
    try {
      const saved = view
        ? await tablesApi.updateView(p, view.code, {
            name: values.name.trim(),
            kind: view.kind as ViewKind,
            config: view.config,
          })
        : await tablesApi.createView(p, {
            name: values.name.trim(),
            kind: values.kind,
            personal: values.scope === 'personal',
            config: initialConfig(values.kind, fields),
          });
      onDone(saved);
    } catch (error) {
      setProblem(showFormError(form, error, ['name']) ?? '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={view ? t('views.renameTitle') : t('views.createTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onCancel}
      okButtonProps={{ id: 'view-dialog-submit' }}
      destroyOnHidden
      width={view ? 420 : 560}
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ name: view?.name ?? '', kind: 'grid', scope: designable ? 'public' : 'personal' }}
        data-testid="view-dialog"
      >
        <Form.Item
          name="name"
          label={t('views.name')}
          rules={[{ required: true, whitespace: true, message: t('views.nameRequired') }, { max: 64 }]}
        >
          <Input
            autoFocus
            maxLength={64}
            placeholder={t('views.namePlaceholder')}
            data-testid="view-name"
            onPressEnter={() => form.submit()}
          />
        </Form.Item>
        {!view && (
          <>
            <Form.Item name="kind" label={t('views.kindLabel')}>
              <Radio.Group style={{ width: '100%' }}>
                <Flex gap={8}>
                  {VIEW_KINDS.map((k) => (
                    <Radio.Button
                      key={k}
                      value={k}
                      style={{ flex: 1, height: 'auto', padding: '10px 8px', textAlign: 'center' }}
                    >
                      <div data-testid={`view-kind-${k}`}>
                        <div
                          style={{ fontSize: 20, color: kind === k ? token.colorPrimary : token.colorTextSecondary }}
                        >
                          {KIND_ICONS[k]}
                        </div>
                        <div>{t(`views.kind.${k}`)}</div>
                      </div>
                    </Radio.Button>
                  ))}
                </Flex>
              </Radio.Group>
            </Form.Item>
            <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
              {t(`views.kindHint.${kind}`)}
            </Typography.Paragraph>
            <Form.Item
              name="scope"
              label={t('views.scope')}
              extra={designable ? undefined : t('views.publicNeedsEdit')}
            >
              <Radio.Group
                options={[
                  {
                    value: 'public',
                    disabled: !designable,
                    label: (
                      <span>
                        {t('views.scopePublic')}
                        <Typography.Text type="secondary"> · {t('views.scopePublicHint')}</Typography.Text>
                      </span>
                    ),
                  },
                  {
                    value: 'personal',
                    label: (
                      <span data-testid="view-scope-personal">
                        {t('views.scopePersonal')}
                        <Typography.Text type="secondary"> · {t('views.scopePersonalHint')}</Typography.Text>
                      </span>
                    ),
                  },
                ]}
                style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
              />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
