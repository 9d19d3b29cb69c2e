import { APP_NAME_MAX } from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/form-errors';
import { useSession } from '../../../shell/session/session-context';
import { AppColorPicker, AppIconPicker } from '../../apps/components/AppLookPickers';
import { templateKeys, templatesApi } from '../api/templates-api';

interface Values {
  name: string;
  description: string;
  icon: string;
  color: number;
}

/**
 * 发布为团队模板 (feature templatePublish): the app's design (no records) becomes a template every
 * member of the team finds under 团队模板.
 */
export function PublishTemplateDialog({
  app,
  onClose,
}: {
  app: { code: string; displayName: string; icon: string; color: number };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { current } = useSession();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: Values) => {
    setSaving(true);
    try {
      await templatesApi.publish({
        appCode: app.code,
        name: values.name.trim(),
        description: values.description?.trim() ?? '',
        // The spec's shape (§3): the icon as JSON text of icon and colour.
        icon: JSON.stringify({ icon: values.icon, color: values.color }),
      });
      message.success(t('templates.published'));
      if (current) await queryClient.invalidateQueries({ queryKey: templateKeys.catalog(current.engineCode) });
      onClose();
    } catch (error) {
      message.error(isApiError(error) ? errorText(error) : t('templates.publishFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('templates.publishTitle')}
      okText={t('templates.publish')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ name: app.displayName, description: '', icon: app.icon, color: app.color }}
        onFinish={(v) => void submit(v)}
        data-testid="publish-template-form"
      >
        <Form.Item
          name="name"
          label={t('templates.name')}
          rules={[{ required: true, whitespace: true, message: t('templates.nameRequired') }]}
        >
          <Input maxLength={APP_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="description" label={t('templates.description')}>
          <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="icon" label={t('templates.icon')}>
          <AppIconPicker />
        </Form.Item>
        <Form.Item name="color" label={t('templates.color')}>
          <AppColorPicker />
        </Form.Item>
        <div style={{ color: 'rgba(0,0,0,0.45)' }}>{t('templates.publishHint')}</div>
      </Form>
    </Modal>
  );
}
