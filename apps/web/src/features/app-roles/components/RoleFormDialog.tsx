import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../shell/api/form-errors';
import type { MatrixRole } from '../hooks/useRoleMatrix';

interface Values {
  name: string;
  description: string;
}

/** Create a role, rename and describe one (管理员: describe only), or name the copy of one. */
export function RoleFormDialog({
  mode,
  role,
  onSave,
  onClose,
}: {
  mode: 'create' | 'edit' | 'copy';
  role?: MatrixRole;
  onSave: (values: Values) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const initial: Values =
    mode === 'edit' && role
      ? { name: role.name, description: role.description }
      : mode === 'copy' && role
        ? { name: t('roleMatrix.copyName', { name: role.name }).slice(0, 30), description: role.description }
        : { name: '', description: '' };
  const title =
    mode === 'create'
      ? t('roleMatrix.createTitle')
      : mode === 'copy'
        ? t('roleMatrix.copyTitle', { name: role?.name })
        : t('roleMatrix.editTitle', { name: role?.name });

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await onSave({ name: values.name.trim(), description: values.description?.trim() ?? '' });
      onClose();
    } catch (error) {
      const rest = showFormError(form, error, ['name', 'description']);
      if (rest) message.error(rest);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={mode === 'create' ? t('roleMatrix.createOk') : t('common.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="role-form-dialog"
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={submit} requiredMark={false}>
        <Form.Item
          name="name"
          label={t('roleMatrix.nameLabel')}
          rules={[
            { required: true, whitespace: true, message: t('roleMatrix.nameRequired') },
            { max: 30, message: t('roleMatrix.nameTooLong', { max: 30 }) },
          ]}
        >
          <Input
            autoFocus
            disabled={role?.fixed}
            placeholder={t('roleMatrix.namePlaceholder')}
            data-testid="role-name-input"
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('roleMatrix.descriptionLabel')}
          rules={[{ max: 200, message: t('roleMatrix.descriptionTooLong', { max: 200 }) }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 5 }}
            placeholder={t('roleMatrix.descriptionPlaceholder')}
            data-testid="role-description-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
