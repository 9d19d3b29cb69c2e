import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Modal, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ProductLogo } from '../layout/ProductLogo';
import { sessionKeys } from '../session/query-keys';
import { fetchSystemInfo } from '../session/session-api';

/** 版本信息 (spec §1): main, kernel, report, print and operation-position versions plus the copyright. */
export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const info = useQuery({
    queryKey: sessionKeys.systemInfo,
    queryFn: fetchSystemInfo,
    enabled: open,
    staleTime: 5 * 60_000,
  });
  const versions = info.data?.versions;
  return (
    <Modal title={t('about.title')} open={open} onCancel={onClose} footer={null} width={460} destroyOnHidden>
      <div data-testid="about-dialog">
        <div style={{ margin: '8px 0 16px' }}>
          <ProductLogo size={32} />
        </div>
        {info.isPending && <Skeleton active paragraph={{ rows: 5 }} />}
        {info.isError && <Alert type="error" showIcon title={t('about.loadFailed')} />}
        {versions && (
          <>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('about.main')}>{versions.main}</Descriptions.Item>
              <Descriptions.Item label={t('about.kernel')}>{versions.kernel}</Descriptions.Item>
              <Descriptions.Item label={t('about.report')}>{versions.report}</Descriptions.Item>
              <Descriptions.Item label={t('about.print')}>{versions.print}</Descriptions.Item>
              <Descriptions.Item label={t('about.operationPosition')}>{versions.operationPosition}</Descriptions.Item>
              <Descriptions.Item label={t('about.webBuild')}>{__APP_VERSION__}</Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph
              type="secondary"
              style={{ margin: '16px 0 0', textAlign: 'center' }}
              data-testid="about-copyright"
            >
              {info.data?.copyright}
            </Typography.Paragraph>
          </>
        )}
      </div>
    </Modal>
  );
}
