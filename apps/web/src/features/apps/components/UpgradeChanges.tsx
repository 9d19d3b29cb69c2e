import { WarningOutlined } from '@ant-design/icons';
import type { UpgradeChange, UpgradePreview } from '@canopy/contract';
import { Alert, Empty, Flex, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const CHANGE_COLOR: Record<UpgradeChange['change'], string> = { added: 'green', changed: 'blue', removed: 'red' };

/** The server's diff of an upgrade: what is added, changed and removed, with data-loss warnings. */
export function UpgradeChanges({ preview, loading }: { preview: UpgradePreview | null; loading: boolean }) {
  const { t } = useTranslation();
  if (loading || !preview)
    return (
      <Flex align="center" gap={8} data-testid="upgrade-changes-loading">
        <Spin size="small" />
        <Typography.Text type="secondary">{t('packages.loadingChanges')}</Typography.Text>
      </Flex>
    );
  const loses = preview.changes.some((c) => c.dataLoss);
  return (
    <Flex vertical gap={8} data-testid="upgrade-changes">
      <Typography.Text strong>{t('packages.changesTitle')}</Typography.Text>
      {preview.refusal && <Alert type="error" showIcon title={preview.refusal} data-testid="upgrade-refusal" />}
      {loses && <Alert type="warning" showIcon title={t('packages.dataLossWarning')} />}
      {preview.changes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('packages.noChanges')} />
      ) : (
        <Table<UpgradeChange>
          size="small"
          pagination={false}
          scroll={{ y: 280 }}
          rowKey={(c) => `${c.kind}:${c.change}:${c.table}:${c.name}:${c.previousName}`}
          dataSource={preview.changes}
          columns={[
            {
              title: t('packages.changesKind'),
              width: 96,
              render: (_, c) => t(`packages.kind.${c.kind}`),
            },
            {
              title: t('packages.changesName'),
              render: (_, c) => (
                <Flex vertical>
                  <Typography.Text>
                    {c.table ? `${c.table} / ` : ''}
                    {c.name}
                    {c.dataLoss && (
                      <WarningOutlined style={{ color: 'var(--ant-color-warning)', marginLeft: 6 }} aria-hidden />
                    )}
                  </Typography.Text>
                  {c.previousName && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('packages.renamedFrom', { name: c.previousName })}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
            {
              title: t('packages.changesChange'),
              width: 150,
              render: (_, c) => (
                <Flex vertical gap={2}>
                  <span>
                    <Tag color={CHANGE_COLOR[c.change]}>{t(`packages.change.${c.change}`)}</Tag>
                  </span>
                  {c.what.length > 0 && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {c.what.map((w) => t(`packages.what.${w}`, { defaultValue: w })).join('、')}
                    </Typography.Text>
                  )}
                </Flex>
              ),
            },
          ]}
        />
      )}
    </Flex>
  );
}
