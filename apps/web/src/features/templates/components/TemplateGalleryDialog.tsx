import { ApartmentOutlined, ArrowLeftOutlined, DeleteOutlined, TableOutlined } from '@ant-design/icons';
import type { TemplateSummary } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Image,
  Modal,
  Popconfirm,
  Progress,
  Result,
  Row,
  Skeleton,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/form-errors';
import { useSession } from '../../../shell/session/session-context';
import { AppIcon } from '../../apps/components/AppIcon';
import { templateKeys, templatesApi } from '../api/templates-api';
import { useInstallTask } from '../hooks/useInstallTask';

type Tab = 'all' | 'team';

/** The first screenshot, or the template's mark on its colour when it has none (team templates). */
function Cover({ template, height }: { template: TemplateSummary; height: number }) {
  const src = template.previews[0];
  if (src)
    return (
      <img
        src={src}
        alt={template.name}
        style={{ width: '100%', height, objectFit: 'cover', objectPosition: 'top left', display: 'block' }}
      />
    );
  return (
    <Flex align="center" justify="center" style={{ height, background: '#f5f7fa' }}>
      <AppIcon icon={template.icon.icon} color={template.icon.color} size={56} />
    </Flex>
  );
}

/**
 * 从模板创建 (issue 12): the built-in business templates and the team's own, as cards with a preview;
 * a template's detail shows its screenshots and the tables, flows, dashboards and pages it holds;
 * 安装 runs the install task (asked every 5 s) and opens the new app.
 */
export function TemplateGalleryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { current } = useSession();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('all');
  const [selected, setSelected] = useState<TemplateSummary | null>(null);
  const install = useInstallTask(() => {
    setSelected(null);
    onClose();
  });
  const engineCode = current?.engineCode ?? '';
  const catalog = useQuery({
    queryKey: templateKeys.catalog(engineCode),
    queryFn: templatesApi.catalog,
    enabled: open && !!engineCode,
  });
  const templates = (catalog.data?.templates ?? []).filter((x) => tab === 'all' || x.kind === 'team');

  const remove = async (template: TemplateSummary) => {
    try {
      await templatesApi.unpublish(template.id);
      message.success(t('templates.unpublished'));
      setSelected(null);
      await queryClient.invalidateQueries({ queryKey: templateKeys.catalog(engineCode) });
    } catch (error) {
      message.error(isApiError(error) ? errorText(error) : t('templates.loadFailed'));
    }
  };

  const close = () => {
    if (install.running) return;
    setSelected(null);
    onClose();
  };

  const list = () => {
    if (catalog.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
    if (catalog.isError)
      return (
        <Result
          status="warning"
          title={isApiError(catalog.error) ? errorText(catalog.error) : t('templates.loadFailed')}
          extra={<Button onClick={() => void catalog.refetch()}>{t('templates.retry')}</Button>}
        />
      );
    if (!templates.length)
      return <Empty description={tab === 'team' ? t('templates.noTeamTemplates') : t('templates.none')} />;
    return (
      <Row gutter={[16, 16]} data-testid="template-cards">
        {templates.map((template) => (
          <Col key={template.id} xs={24} sm={12} md={8}>
            <Card
              hoverable
              cover={<Cover template={template} height={140} />}
              onClick={() => setSelected(template)}
              data-testid={`template-card-${template.id}`}
              styles={{ body: { padding: 14 } }}
            >
              <Flex align="center" gap={8} style={{ marginBottom: 6 }}>
                <AppIcon icon={template.icon.icon} color={template.icon.color} size={24} />
                <Typography.Text strong ellipsis>
                  {template.name}
                </Typography.Text>
                {template.kind === 'team' && <Tag color="blue">{t('templates.teamTag')}</Tag>}
              </Flex>
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, minHeight: 44 }}>
                {template.description || t('templates.noDescription')}
              </Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
    );
  };

  const detail = (template: TemplateSummary) => {
    const names = (items: string[]) =>
      items.length ? (
        <Flex wrap gap={4}>
          {items.map((n) => (
            <Tag key={n}>{n}</Tag>
          ))}
        </Flex>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      );
    return (
      <Flex vertical gap={16} data-testid="template-detail">
        <Flex align="center" gap={12}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('templates.back')}
            disabled={install.running}
            onClick={() => setSelected(null)}
          />
          <AppIcon icon={template.icon.icon} color={template.icon.color} size={40} />
          <Flex vertical style={{ flex: 1, minWidth: 0 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {template.name}
            </Typography.Title>
            <Typography.Text type="secondary">
              {template.kind === 'team'
                ? t('templates.publishedBy', { name: template.publisherName })
                : t('templates.builtin')}
            </Typography.Text>
          </Flex>
          {template.canRemove && (
            <Popconfirm
              title={t('templates.unpublishConfirm', { name: template.name })}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(template)}
            >
              <Button danger icon={<DeleteOutlined />} disabled={install.running}>
                {t('templates.unpublish')}
              </Button>
            </Popconfirm>
          )}
          <Button
            type="primary"
            size="large"
            loading={install.running}
            onClick={() => void install.run(() => templatesApi.install(template.id, template.externalLabel))}
            data-testid="template-install"
          >
            {install.running ? t('packages.installing') : t('packages.install')}
          </Button>
        </Flex>
        {install.running && (
          <Progress percent={install.progress} status="active" data-testid="template-install-progress" />
        )}
        <Typography.Paragraph style={{ margin: 0 }}>{template.description}</Typography.Paragraph>
        {template.previews.length > 0 && (
          <Image.PreviewGroup>
            <Flex gap={12} wrap>
              {template.previews.map((src) => (
                <Image
                  key={src}
                  src={src}
                  width={400}
                  style={{ border: '1px solid #f0f0f0', borderRadius: 6 }}
                  alt={template.name}
                />
              ))}
            </Flex>
          </Image.PreviewGroup>
        )}
        <Descriptions column={1} bordered size="small" data-testid="template-contents">
          <Descriptions.Item
            label={
              <>
                <TableOutlined /> {t('templates.tables')}
              </>
            }
          >
            {names(template.contents.tables)}
          </Descriptions.Item>
          <Descriptions.Item
            label={
              <>
                <ApartmentOutlined /> {t('templates.flows')}
              </>
            }
          >
            {names(template.contents.flows)}
          </Descriptions.Item>
          <Descriptions.Item label={t('templates.dashboards')}>{names(template.contents.dashboards)}</Descriptions.Item>
          {template.contents.pages.length > 0 && (
            <Descriptions.Item label={t('templates.pages')}>{names(template.contents.pages)}</Descriptions.Item>
          )}
        </Descriptions>
        {template.kind === 'builtin' && (
          <Typography.Text type="secondary">{t('templates.sampleDataHint')}</Typography.Text>
        )}
      </Flex>
    );
  };

  return (
    <Modal
      open={open}
      title={t('templates.title')}
      width={960}
      onCancel={close}
      closable={!install.running}
      maskClosable={false}
      footer={null}
      destroyOnHidden
    >
      <div data-testid="template-gallery" style={{ minHeight: 420 }}>
        {selected ? (
          detail(selected)
        ) : (
          <>
            <Tabs
              activeKey={tab}
              onChange={(key) => setTab(key as Tab)}
              items={[
                { key: 'all', label: t('templates.all') },
                { key: 'team', label: t('templates.team') },
              ]}
            />
            {list()}
          </>
        )}
      </div>
    </Modal>
  );
}
