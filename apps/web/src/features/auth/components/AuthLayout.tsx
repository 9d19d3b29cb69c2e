import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../shell/layout/PageHeading';
import { ProductLogo } from '../../../shell/layout/ProductLogo';
import { useDocumentTitle } from '../../../shell/layout/useDocumentTitle';
import { LanguageSwitch } from './LanguageSwitch';

/** The frame of the host pages (login, register, logout): a centred card on a calm background. */
export function AuthLayout({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} - ${t('common.appName')}`);
  return (
    <Flex
      vertical
      style={{ minHeight: '100vh', background: 'linear-gradient(160deg, #eefaf5 0%, #f5f6f8 45%, #eef3fb 100%)' }}
    >
      <Flex justify="space-between" align="center" style={{ padding: '16px 24px' }}>
        <ProductLogo />
        <LanguageSwitch />
      </Flex>
      <Flex flex={1} align="center" justify="center" style={{ padding: '24px 16px 64px' }}>
        <Card
          style={{ width: '100%', maxWidth: 400, boxShadow: '0 8px 24px rgba(15, 23, 42, 0.06)' }}
          data-testid={testId}
        >
          <Flex vertical align="center" gap={4} style={{ marginBottom: 24 }}>
            <PageHeading look={3} style={{ margin: 0 }}>
              {title}
            </PageHeading>
            <Typography.Text type="secondary">{t('auth.tagline')}</Typography.Text>
          </Flex>
          {children}
        </Card>
      </Flex>
    </Flex>
  );
}
