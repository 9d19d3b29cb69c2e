import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { ProductLogo } from '../../../shell/layout/ProductLogo';
import { UpcomingState } from '../../../shell/layout/UpcomingState';

/** /expired/engine/export-corp-data: export an expired team's data; has no basic header (spec §2). */
export function ExportCorpDataPage() {
  const { t } = useTranslation();
  return (
    <Flex vertical style={{ minHeight: '100vh' }}>
      <div style={{ padding: '16px 24px', background: '#fff' }}>
        <ProductLogo />
      </div>
      <PageContainer title={t('pages.exportCorpData.title')} testId="export-corp-data-page">
        <UpcomingState title={t('pages.exportCorpData.empty')} hint={t('pages.exportCorpData.hint')} />
      </PageContainer>
    </Flex>
  );
}
