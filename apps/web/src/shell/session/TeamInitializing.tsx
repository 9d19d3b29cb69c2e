import type { EngineItem } from '@canopy/contract';
import { Button, Flex, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlainResult } from '../layout/PlainResult';
import { logout } from './logout';

/** Spec §4: a team still being set up cannot be worked in yet; the list is polled until it is ready. */
export function TeamInitializing({ team }: { team: EngineItem }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <PlainResult
        data-testid="team-initializing"
        icon={<Spin size="large" />}
        title={`${team.corpName} ${t('header.initializingSuffix')}`}
        subTitle={t('session.initializingHint')}
        extra={
          <Space>
            <Button type="primary" onClick={() => window.location.reload()}>
              {t('common.refresh')}
            </Button>
            <Button onClick={() => logout()}>{t('header.logout')}</Button>
          </Space>
        }
      />
    </Flex>
  );
}
