import { EyeOutlined } from '@ant-design/icons';
import { readTemplateIcon, type TemplateSummary } from '@canopy/contract';
import { Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '../../apps/components/AppIcon';

/**
 * The first screenshot, or the template's mark on its colour when it has none (team templates).
 * Decorative (empty alt): the card prints the template's name right below it.
 */
export function TemplateCover({ template, height }: { template: TemplateSummary; height: number }) {
  const src = template.previews[0];
  if (src)
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        style={{ width: '100%', height, objectFit: 'cover', objectPosition: 'top left', display: 'block' }}
      />
    );
  return (
    <Flex align="center" justify="center" style={{ height, background: '#f5f7fa' }}>
      <AppIcon {...readTemplateIcon(template.icon)} size={56} />
    </Flex>
  );
}

/**
 * The template center's card grid: a preview, the name, the category and two lines of description.
 * A card is a button (Enter or Space opens the template's preview, as a click does), named by the
 * text it shows, so what a speech-input user reads out is its name (WCAG 2.5.3).
 */
export function TemplateCards({
  templates,
  onOpen,
}: {
  templates: TemplateSummary[];
  onOpen: (template: TemplateSummary) => void;
}) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]} data-testid="template-cards">
      {templates.map((template) => (
        <Col key={template.id} xs={24} sm={12} xl={8}>
          <Card
            hoverable
            role="button"
            tabIndex={0}
            cover={<TemplateCover template={template} height={132} />}
            onClick={() => onOpen(template)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter' && e.key !== ' ') return;
              e.preventDefault();
              onOpen(template);
            }}
            data-testid={`template-card-${template.id}`}
            className="template-card"
            styles={{ body: { padding: 14 } }}
          >
            <Flex align="center" gap={8} style={{ marginBottom: 6, minWidth: 0 }}>
              <AppIcon {...readTemplateIcon(template.icon)} size={24} />
              <Typography.Text strong ellipsis style={{ flex: 1, minWidth: 0 }}>
                {template.name}
              </Typography.Text>
              {template.kind === 'team' ? (
                <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                  {t('templates.teamTag')}
                </Tag>
              ) : (
                template.category && (
                  <Tag bordered={false} style={{ marginInlineEnd: 0 }}>
                    {t(`templates.category.${template.category}`)}
                  </Tag>
                )
              )}
            </Flex>
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, minHeight: 44 }}>
              {template.description || t('templates.noDescription')}
            </Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <EyeOutlined /> {t('templates.preview')}
            </Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
