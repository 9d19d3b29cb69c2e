import { CodeType, Limits } from '@canopy/contract';
import { Alert, App, Button, Flex, Form, Input, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../shell/api/form-errors';
import { maskPhone } from '../../../shell/dialogs/mask-phone';
import { useSession } from '../../../shell/session/session-context';
import { type Channel, changePassword, sendCode } from '../api/account-api';
import { CodeField } from './CodeField';

type Proof = 'password' | Channel;
interface PasswordValues {
  password?: string;
  verifyCode?: string;
  newPassword: string;
  repeatNewPassWord: string;
}
const FIELDS = ['password', 'verifyCode', 'newPassword', 'repeatNewPassWord'] as const;

/** Change password with the current one, or with a code sent to the account's own mobile or email. */
export function PasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { user } = useSession();
  const [form] = Form.useForm<PasswordValues>();
  const [proof, setProof] = useState<Proof>('password');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const target = proof === 'mobile' ? user.mobile : proof === 'email' ? user.email : '';

  const submit = async (values: PasswordValues) => {
    setSaving(true);
    setError(null);
    try {
      await changePassword(
        proof === 'password'
          ? { kind: 'password', current: values.password ?? '' }
          : { kind: proof, target, code: values.verifyCode ?? '', codeType: CodeType.resetPassword },
        values.newPassword,
        values.repeatNewPassWord,
      );
      message.success({ content: t('account.passwordChanged'), duration: 5 });
      onDone();
    } catch (e) {
      setError(showFormError(form, e, FIELDS));
    } finally {
      setSaving(false);
    }
  };

  const options = [
    { value: 'password' as const, label: t('account.byCurrentPassword') },
    ...(user.mobile ? [{ value: 'mobile' as const, label: t('account.byMobileCode') }] : []),
    ...(user.email ? [{ value: 'email' as const, label: t('account.byEmailCode') }] : []),
  ];
  const newPasswordRules = [
    { required: true, message: t('auth.passwordRequired') },
    { min: Limits.passwordMin, message: t('auth.passwordTooShort', { min: Limits.passwordMin }) },
    { max: Limits.passwordMax, message: t('auth.passwordTooLong', { max: Limits.passwordMax }) },
  ];

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(v) => void submit(v)}
      onValuesChange={() => setError(null)}
      data-testid="password-form"
    >
      {options.length > 1 && (
        <Form.Item label={t('account.verifyBy')}>
          <Segmented<Proof> value={proof} onChange={setProof} options={options} data-testid="password-proof" />
        </Form.Item>
      )}
      {proof === 'password' ? (
        <Form.Item
          name="password"
          label={t('account.currentPassword')}
          rules={[{ required: true, message: t('auth.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="password-current" />
        </Form.Item>
      ) : (
        <CodeField
          name="verifyCode"
          label={t('account.code')}
          extra={t('account.codeGoesTo', { target: proof === 'mobile' ? maskPhone(target) : target })}
          send={() => sendCode(proof, target, CodeType.resetPassword)}
          onSendResult={(e) => form.setFields([{ name: 'verifyCode', errors: e ? [e] : [] }])}
          testId="password-code"
        />
      )}
      <Form.Item name="newPassword" label={t('account.newPassword')} rules={newPasswordRules}>
        <Input.Password
          autoComplete="new-password"
          placeholder={t('auth.newPasswordPlaceholder', { min: Limits.passwordMin })}
          data-testid="password-new"
        />
      </Form.Item>
      <Form.Item
        name="repeatNewPassWord"
        label={t('account.repeatPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('auth.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string) => {
              if (value && value !== getFieldValue('newPassword')) throw new Error(t('auth.confirmMismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="password-repeat" />
      </Form.Item>
      <Alert type="info" showIcon title={t('account.passwordSessionsNote')} style={{ marginBottom: 16 }} />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="password-error" />}
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onDone} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="password-submit">
          {t('account.savePassword')}
        </Button>
      </Flex>
    </Form>
  );
}
