import { Button, Flex, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logoutFailureText } from '../../../shell/session/logout';
import { logoutSession } from '../api/auth-api';
import { AuthLayout } from '../components/AuthLayout';
import { useRedirectParam } from '../hooks/useRedirectParam';

/** /logout?redirect=URL: end the session, then the login page (which returns to the redirect). */
export function LogoutPage() {
  const { t } = useTranslation();
  const { raw } = useRedirectParam();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const loginPage = raw ? `/login?redirect=${encodeURIComponent(raw)}` : '/login';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logoutSession()
      .then(() => window.location.replace(loginPage))
      .catch((error: unknown) => {
        // Spec §8: a business failure shows its message, else its code, else 退出失败.
        setFailure(logoutFailureText(error, t('auth.logoutFailed')));
      });
  }, [loginPage, t]);

  return (
    <AuthLayout title={t('header.logout')} testId="logout-page">
      {failure ? (
        <Result
          status="error"
          title={t('auth.logoutFailed')}
          subTitle={failure === t('auth.logoutFailed') ? undefined : failure}
          extra={
            <Button type="primary" href={loginPage}>
              {t('auth.backToLogin')}
            </Button>
          }
        />
      ) : (
        <Flex vertical align="center" gap={12} style={{ padding: '24px 0' }}>
          <Spin />
          {t('auth.loggingOut')}
        </Flex>
      )}
    </AuthLayout>
  );
}
