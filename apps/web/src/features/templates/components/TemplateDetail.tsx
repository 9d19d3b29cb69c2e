import { ApartmentOutlined, ArrowLeftOutlined, DeleteOutlined, TableOutlined } from '@ant-design/icons';
import { readTemplateIcon, type TemplateSummary } from '@canopy/contract';
import { Button, Checkbox, Descriptions, Flex, Image, Popconfirm, Progress, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '../../apps/components/AppIcon';

interface Props {
  template: TemplateSummary;
  installing: boolean;
  progress: number;
  onBack: () => void;
  onInstall: (withSampleData: boolean) => void;
  onRemove: () => void;
}

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

/**
 * A template's preview: its screenshots, what it holds (tables, flows, dashboards, pages) and 安装.
 * A built-in's sample records come along unless the installer unticks them (issue 29).
 */
export function TemplateDetail({ template, installing, progress, onBack, onInstall, onRemove }: Props) {
  const { t } = useTranslation();
  const [withSampleData, setWithSampleData] = useState(true);
  const builtin = template.kind === 'builtin';
  return (
    <Flex vertical gap={16} data-testid="template-detail">
      <Flex align="center" gap={12} wrap>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={t('templates.back')}
          disabled={installing}
          onClick={onBack}
        />
        <AppIcon {...readTemplateIcon(template.icon)} size={40} />
        <Flex vertical style={{ flex: 1, minWidth: 160 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {template.name}
          </Typography.Title>
          <Typography.Text type="secondary">
            {builtin
              ? [t('templates.builtin'), template.category ? t(`templates.category.${template.category}`) : '']
                  .filter(Boolean)
                  .join(' · ')
              : t('templates.publishedBy', { name: template.publisherName })}
          </Typography.Text>
        </Flex>
        {template.canRemove && (
          <Popconfirm
            title={t('templates.unpublishConfirm', { name: template.name })}
            okButtonProps={{ danger: true }}
            onConfirm={onRemove}
          >
            <Button danger icon={<DeleteOutlined />} disabled={installing}>
              {t('templates.unpublish')}
            </Button>
          </Popconfirm>
        )}
        <Button
          type="primary"
          size="large"
          loading={installing}
          onClick={() => onInstall(builtin && withSampleData)}
          data-testid="template-install"
        >
          {installing ? t('packages.installing') : t('packages.install')}
        </Button>
      </Flex>
      {installing && <Progress percent={progress} status="active" data-testid="template-install-progress" />}
      <Typography.Paragraph style={{ margin: 0 }}>{template.description}</Typography.Paragraph>
      {builtin && (
        <Flex vertical gap={2}>
          <Checkbox
            checked={withSampleData}
            disabled={installing}
            onChange={(e) => setWithSampleData(e.target.checked)}
            data-testid="template-sample-data"
          >
            {t('templates.withSampleData')}
          </Checkbox>
          {!withSampleData && (
            <Typography.Text type="secondary" style={{ fontSize: 12, paddingInlineStart: 24 }}>
              {t('templates.withoutSampleDataHint')}
            </Typography.Text>
          )}
        </Flex>
      )}
      {template.previews.length > 0 && (
        <Image.PreviewGroup>
          <Flex gap={12} wrap data-testid="template-previews">
            {template.previews.map((src, i) => (
              <Image
                key={src}
                src={src}
                width={440}
                style={{ border: '1px solid #f0f0f0', borderRadius: 6 }}
                alt={t('templates.screenshot', { name: template.name, index: i + 1 })}
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
    </Flex>
  );
}
