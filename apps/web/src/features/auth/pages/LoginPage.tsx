import { LockOutlined, QrcodeOutlined, SafetyCertificateOutlined, WechatWorkOutlined } from '@ant-design/icons';
import { ErrorCode, SSO_START_PATH, type SystemInfo, WECOM_QR_MODE, WECOM_START_PATH } from '@canopy/contract';
import { Alert, Button, Divider, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../shell/api/api-error';
import { isWeComClient } from '../../../shell/environment/user-agent';
import { fetchSystemInfo } from '../../../shell/session/session-api';
import { login } from '../api/auth-api';
import { AccountInput } from '../components/AccountInput';
import { AuthLayout } from '../components/AuthLayout';
import { formErrorText } from '../components/form-error';
import { useCountdown } from '../hooks/useCountdown';
import { useRedirectParam } from '../hooks/useRedirectParam';

interface LoginForm {
  account: string;
  password: string;
}

/** /login?redirect=URL: account (mobile or email) and password; back to the redirect when it is ours. */
export function LoginPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginForm>();
  const { target, withRedirect } = useRedirectParam();
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const countdown = useCountdown();
  const { sso, wecom, wecomQr } = useCompanySignIn();
  const wecomUrl = `${WECOM_START_PATH}?purpose=login&redirect=${encodeURIComponent(target)}`;
  useWecomAutoSignIn(wecom, wecomUrl);

  const submit = async ({ account, password }: LoginForm) => {
    setSubmitting(true);
    setFormError(null);
    try {
      await login(account, password);
      // A full load: the app is another page (index.html) and must start with the new session.
      window.location.assign(target);
      return;
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        form.setFields(
          error.fieldErrors.map((f) => ({ name: f.field === 'account' ? 'account' : 'password', errors: [f.message] })),
        );
      } else {
        setFormError(formErrorText(error));
        if (isApiError(error) && error.errorCode === ErrorCode.loginThrottled && error.retryAfter) {
          countdown.start(error.retryAfter);
        }
      }
    }
    setSubmitting(false);
  };

  const waiting = countdown.seconds > 0;
  return (
    <AuthLayout title={t('auth.loginTitle')} testId="login-page">
      <Form<LoginForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        onValuesChange={() => setFormError(null)}
      >
        <Form.Item
          name="account"
          label={t('auth.account')}
          rules={[{ required: true, whitespace: true, message: t('auth.accountRequired') }]}
        >
          <AccountInput />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth.password')}
          rules={[{ required: true, message: t('auth.passwordRequired') }]}
        >
          <Input.Password
            id="password"
            name="password"
            size="large"
            autoComplete="current-password"
            prefix={<LockOutlined />}
            placeholder={t('auth.passwordPlaceholder')}
          />
        </Form.Item>
        {formError && (
          <Alert
            type="error"
            showIcon
            title={formError}
            description={waiting ? t('auth.retryIn', { seconds: countdown.seconds }) : undefined}
            style={{ marginBottom: 16 }}
            data-testid="login-error"
          />
        )}
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={submitting}
          disabled={waiting}
          data-testid="login-submit"
        >
          {t('auth.loginSubmit')}
        </Button>
      </Form>
      {wecom && (
        <>
          <Divider plain>
            <Typography.Text type="secondary">{t('auth.or')}</Typography.Text>
          </Divider>
          <Button size="large" block icon={<WechatWorkOutlined />} href={wecomUrl} data-testid="login-wecom">
            {t('auth.wecomLogin')}
          </Button>
        </>
      )}
      {wecomQr && (
        <>
          <Divider plain>
            <Typography.Text type="secondary">{t('auth.or')}</Typography.Text>
          </Divider>
          <Button
            size="large"
            block
            icon={<QrcodeOutlined />}
            href={`${wecomUrl}&mode=${WECOM_QR_MODE}`}
            data-testid="login-wecom-qr"
          >
            {t('auth.wecomQrLogin')}
          </Button>
        </>
      )}
      {sso && (
        <>
          <Divider plain>
            <Typography.Text type="secondary">{t('auth.or')}</Typography.Text>
          </Divider>
          <Button
            size="large"
            block
            icon={<SafetyCertificateOutlined />}
            href={`${SSO_START_PATH}?redirect=${encodeURIComponent(target)}`}
            data-testid="login-sso"
          >
            {sso.label || t('auth.ssoLogin')}
          </Button>
        </>
      )}
      <Typography.Paragraph style={{ textAlign: 'center', margin: '20px 0 0' }}>
        <Typography.Text type="secondary">{t('auth.noAccount')}</Typography.Text>{' '}
        <Link to={withRedirect('/register')} data-testid="go-register">
          {t('auth.goRegister')}
        </Link>
      </Typography.Paragraph>
    </AuthLayout>
  );
}

interface Offered {
  sso: SystemInfo['sso'];
  /** Inside the WeCom client: sign in through WeCom's OAuth (started by itself once). */
  wecom: boolean;
  /** In any other browser: 扫码登录, WeCom's QR web login. */
  wecomQr: boolean;
}

/**
 * The company sign-ins this instance offers (OIDC_* settings; WECOM_*: inside the WeCom client its
 * OAuth, elsewhere 扫码登录), if any; the page works without them.
 */
function useCompanySignIn(): Offered {
  const [offered, setOffered] = useState<Offered>({ sso: null, wecom: false, wecomQr: false });
  useEffect(() => {
    let live = true;
    fetchSystemInfo()
      .then((info) => {
        const inClient = isWeComClient();
        if (live) setOffered({ sso: info.sso, wecom: info.wecom && inClient, wecomQr: info.wecom && !inClient });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return offered;
}

/** Set once a tab has tried WeCom sign-in: coming back to the login page (unbound) shows the page. */
const WECOM_TRIED_KEY = 'canopy.wecom.tried';

/**
 * Inside the WeCom client people expect to be signed in by WeCom: the login page starts the WeCom
 * round by itself, once per tab, so an unbound member who comes back sees the password form.
 */
function useWecomAutoSignIn(wecom: boolean, url: string): void {
  useEffect(() => {
    if (!wecom || sessionStorage.getItem(WECOM_TRIED_KEY)) return;
    sessionStorage.setItem(WECOM_TRIED_KEY, '1');
    window.location.assign(url);
  }, [wecom, url]);
}
