import { Limits } from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../shell/api/form-errors';
import { sessionKeys } from '../../../shell/session/query-keys';
import { useSession } from '../../../shell/session/session-context';
import { updateProfile } from '../api/account-api';

const SIGNATURE_MAX = 120;
interface ProfileValues {
  name: string;
  personalSignature: string;
}

/** Name and personal signature. */
export function ProfileForm() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const initial = { name: user.userName, personalSignature: user.personalSignature };
  const values = Form.useWatch([], form);
  const changed =
    values !== undefined &&
    (values.name?.trim() !== initial.name || (values.personalSignature ?? '').trim() !== initial.personalSignature);

  const submit = async (v: ProfileValues) => {
    setSaving(true);
    setError(null);
    try {
      const updated = await updateProfile({
        name: v.name.trim(),
        personalSignature: (v.personalSignature ?? '').trim(),
      });
      queryClient.setQueryData(sessionKeys.basicUser, updated);
      message.success(t('account.profileSaved'));
    } catch (e) {
      setError(showFormError(form, e, ['name', 'personalSignature']));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<ProfileValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onFinish={(v) => void submit(v)}
      data-testid="profile-form"
    >
      <Form.Item
        name="name"
        label={t('account.name')}
        rules={[
          { required: true, whitespace: true, message: t('auth.nameRequired') },
          { max: Limits.userNameMax, message: t('auth.nameTooLong', { max: Limits.userNameMax }) },
        ]}
      >
        <Input autoComplete="name" data-testid="profile-name" />
      </Form.Item>
      <Form.Item name="personalSignature" label={t('account.signature')}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 4 }}
          maxLength={SIGNATURE_MAX}
          showCount
          placeholder={t('account.signaturePlaceholder')}
          data-testid="profile-signature"
        />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={saving} disabled={!changed} data-testid="profile-save">
          {t('common.save')}
        </Button>
      </Flex>
    </Form>
  );
}
