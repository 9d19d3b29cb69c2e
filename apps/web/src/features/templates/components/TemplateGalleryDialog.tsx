import { SearchOutlined } from '@ant-design/icons';
import type { TemplateSummary } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Input, Modal, Result, Skeleton, Tabs, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/form-errors';
import { useSession } from '../../../shell/session/session-context';
import { templateKeys, templatesApi } from '../api/templates-api';
import { useInstallTask } from '../hooks/useInstallTask';
import { TemplateCards } from './TemplateCards';
import { TemplateDetail } from './TemplateDetail';
import { filterTemplates, sectionCounts, TEMPLATE_SECTIONS, type TemplateSection } from './template-filter';

/**
 * 从模板创建, the template center (issues 12 and 29): categories down the side (全部, the ten business
 * categories, 团队模板) with their counts, a search over names and descriptions, the templates as cards
 * with a preview; a card opens the template's preview (screenshots and what it holds), where 安装 runs
 * the install task (asked every 5 s) and opens the new app.
 */
export function TemplateGalleryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { current } = useSession();
  const queryClient = useQueryClient();
  const [section, setSection] = useState<TemplateSection>('all');
  const [query, setQuery] = useState('');
  const search = useDeferredValue(query);
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
  const all = catalog.data?.templates ?? [];
  const shown = useMemo(() => filterTemplates(all, section, search), [all, section, search]);
  const counts = useMemo(() => sectionCounts(all, search), [all, search]);

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

  const sectionLabel = (s: TemplateSection) =>
    s === 'all' ? t('templates.all') : s === 'team' ? t('templates.team') : t(`templates.category.${s}`);

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
    if (!shown.length) {
      let empty = t('templates.none');
      if (search.trim()) empty = t('templates.noMatch');
      else if (section === 'team') empty = t('templates.noTeamTemplates');
      return <Empty description={empty} style={{ marginTop: 64 }} />;
    }
    return <TemplateCards templates={shown} onOpen={setSelected} />;
  };

  const browse = (
    <Flex vertical gap={12}>
      <Flex align="center" gap={12} wrap>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('templates.search')}
          aria-label={t('templates.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          style={{ maxWidth: 360, flex: 1 }}
          data-testid="template-search"
        />
        {!catalog.isLoading && (
          <Typography.Text type="secondary" data-testid="template-count">
            {t('templates.count', { count: shown.length })}
          </Typography.Text>
        )}
      </Flex>
      <Tabs
        tabPosition="left"
        activeKey={section}
        onChange={(key) => setSection(key as TemplateSection)}
        aria-label={t('templates.categories')}
        data-testid="template-categories"
        items={TEMPLATE_SECTIONS.map((s) => ({
          key: s,
          label: (
            <Flex justify="space-between" gap={12} style={{ minWidth: 112 }}>
              <span>{sectionLabel(s)}</span>
              <Typography.Text type="secondary">{counts[s]}</Typography.Text>
            </Flex>
          ),
          // The cards scroll inside the dialog; the search and the categories stay in view.
          children:
            s === section ? (
              <div style={{ height: 'calc(100vh - 260px)', minHeight: 360, overflowY: 'auto', paddingInlineEnd: 4 }}>
                {list()}
              </div>
            ) : null,
        }))}
      />
    </Flex>
  );

  return (
    <Modal
      open={open}
      title={t('templates.title')}
      width={1080}
      style={{ top: 32 }}
      onCancel={close}
      closable={!install.running}
      maskClosable={false}
      footer={null}
      destroyOnHidden
    >
      <div data-testid="template-gallery" style={{ minHeight: 420 }}>
        {selected ? (
          <TemplateDetail
            template={selected}
            installing={install.running}
            progress={install.progress}
            onBack={() => setSelected(null)}
            onInstall={(withSampleData) =>
              void install.run(() => templatesApi.install(selected.id, selected.externalLabel, withSampleData))
            }
            onRemove={() => void remove(selected)}
          />
        ) : (
          browse
        )}
      </div>
    </Modal>
  );
}
