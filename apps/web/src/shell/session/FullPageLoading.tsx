import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function FullPageLoading() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }} data-testid="page-loading">
      <Spin size="large" description={t('common.loading')} />
    </Flex>
  );
}
