import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { ProductLogo } from '../../../shell/layout/ProductLogo';
import { fetchLatestEngines } from '../../team/api/team-api';
import { TeamExportCard } from '../components/TeamExportCard';

/**
 * /expired/engine/export-corp-data (spec §2, no basic header): the teams the user owns or
 * administers — a closed one too, during its 7 days — each exported as one zip by a job.
 */
export function ExportCorpDataPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const teams = useQuery({ queryKey: ['export-corp-data', 'teams'], queryFn: () => fetchLatestEngines() });
  const mine = (teams.data ?? []).filter((team) => team.ownFlag || team.adminFlag);
  const wanted = search.get('engine');
  return (
    <Flex vertical style={{ minHeight: '100vh' }}>
      <Flex align="center" justify="space-between" style={{ padding: '16px 24px', background: '#fff' }}>
        <ProductLogo />
        <Link to="/">
          <Button type="link">{t('pages.exportCorpData.back')}</Button>
        </Link>
      </Flex>
      <PageContainer title={t('pages.exportCorpData.title')} testId="export-corp-data-page">
        <Flex vertical gap={16} style={{ maxWidth: 880 }}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('pages.exportCorpData.intro')}
          </Typography.Paragraph>
          {teams.isLoading && <Skeleton active />}
          {!teams.isLoading && mine.length === 0 && (
            <Empty
              description={
                <Flex vertical>
                  <Typography.Text>{t('pages.exportCorpData.empty')}</Typography.Text>
                  <Typography.Text type="secondary">{t('pages.exportCorpData.emptyHint')}</Typography.Text>
                </Flex>
              }
            />
          )}
          {[...mine]
            .sort((a, b) => Number(b.engineCode === wanted) - Number(a.engineCode === wanted))
            .map((team) => (
              <TeamExportCard key={team.engineCode} team={team} highlighted={team.engineCode === wanted} />
            ))}
        </Flex>
      </PageContainer>
    </Flex>
  );
}
