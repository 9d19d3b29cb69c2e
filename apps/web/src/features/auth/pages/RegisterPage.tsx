import { IdcardOutlined, LockOutlined } from '@ant-design/icons';
import { accountKind, ErrorCode, Limits } from '@canopy/contract';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../shell/api/api-error';
import { accountExists, register } from '../api/auth-api';
import { AccountInput } from '../components/AccountInput';
import { AuthLayout } from '../components/AuthLayout';
import { formErrorText } from '../components/form-error';
import { useRedirectParam } from '../hooks/useRedirectParam';

interface RegisterForm {
  account: string;
  name: string;
  password: string;
  confirm: string;
}

const FIELDS = ['account', 'name', 'password', 'confirm'] as const;
const asField = (name: string) => FIELDS.find((f) => f === name);

/** /register?redirect=URL: account (mobile or email), name, password twice. */
export function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterForm>();
  const { target, withRedirect } = useRedirectParam();
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async ({ account, name, password }: RegisterForm) => {
    setSubmitting(true);
    setFormError(null);
    try {
      await register(account, name, password);
      window.location.assign(target);
      return;
    } catch (error) {
      if (isApiError(error) && error.errorCode === ErrorCode.accountExists) {
        form.setFields([{ name: 'account', errors: [error.errorMessage || t('auth.accountExists')] }]);
      } else if (isApiError(error) && error.fieldErrors.some((f) => asField(f.field))) {
        form.setFields(
          error.fieldErrors.flatMap((f) => {
            const field = asField(f.field);
            return field ? [{ name: field, errors: [f.message] }] : [];
          }),
        );
      } else {
        setFormError(formErrorText(error));
      }
    }
    setSubmitting(false);
  };

  return (
    <AuthLayout title={t('auth.registerTitle')} testId="register-page">
      <Form<RegisterForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => setFormError(null)}
      >
        <Form.Item
          name="account"
          label={t('auth.account')}
          validateTrigger="onBlur"
          validateFirst
          rules={[
            { required: true, whitespace: true, message: t('auth.accountRequired') },
            {
              validator: async (_rule, value: string) => {
                if (!accountKind(value.trim())) throw new Error(t('auth.accountInvalid'));
              },
            },
            {
              // Tell early that the account exists; if the check itself fails, the submit will say.
              validator: async (_rule, value: string) => {
                const exists = await accountExists(value).catch(() => false);
                if (exists) throw new Error(t('auth.accountExists'));
              },
            },
          ]}
        >
          <AccountInput />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('auth.name')}
          rules={[
            { required: true, whitespace: true, message: t('auth.nameRequired') },
            { max: Limits.userNameMax, message: t('auth.nameTooLong', { max: Limits.userNameMax }) },
          ]}
        >
          <Input
            id="name"
            name="name"
            size="large"
            autoComplete="name"
            prefix={<IdcardOutlined />}
            placeholder={t('auth.namePlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.password')}
          rules={[
            { required: true, message: t('auth.passwordRequired') },
            { min: Limits.passwordMin, message: t('auth.passwordTooShort', { min: Limits.passwordMin }) },
            { max: Limits.passwordMax, message: t('auth.passwordTooLong', { max: Limits.passwordMax }) },
          ]}
        >
          <Input.Password
            id="password"
            name="password"
            size="large"
            autoComplete="new-password"
            prefix={<LockOutlined />}
            placeholder={t('auth.newPasswordPlaceholder', { min: Limits.passwordMin })}
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('auth.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('auth.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string) => {
                if (value && value !== getFieldValue('password')) throw new Error(t('auth.confirmMismatch'));
              },
            }),
          ]}
        >
          <Input.Password
            id="confirm"
            name="confirm"
            size="large"
            autoComplete="new-password"
            prefix={<LockOutlined />}
            placeholder={t('auth.confirmPlaceholder')}
          />
        </Form.Item>
        {formError && (
          <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} data-testid="register-error" />
        )}
        <Button type="primary" htmlType="submit" size="large" block loading={submitting} data-testid="register-submit">
          {t('auth.registerSubmit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', margin: '20px 0 0' }}>
        <Typography.Text type="secondary">{t('auth.hasAccount')}</Typography.Text>{' '}
        <Link to={withRedirect('/login')} data-testid="go-login">
          {t('auth.goLogin')}
        </Link>
      </Typography.Paragraph>
    </AuthLayout>
  );
}
