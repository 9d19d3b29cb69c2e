import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PageBlockKind as Kinds, type PageBlock, type PageBlockKind, PageRole } from '@canopy/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Dropdown, Empty, Flex, Result, Select, Skeleton, Space } from 'antd';
import { useState } from 'react';
import type { Layout } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../shell/api/api-error';
import { errorText } from '../../shell/api/form-errors';
import { PageHeading } from '../../shell/layout/PageHeading';
import { nodeIcon } from '../apps/components/menu/node-visuals';
import { useAppWorkspace } from '../apps/hooks/app-context';
import { PlacedGrid } from '../dashboards/components/PlacedGrid';
import { customPageKeys, customPagesApi } from './api/custom-pages-api';
import { BlockCard } from './components/BlockCard';
import { BlockEditor } from './components/BlockEditor';
import { newBlockId, placeNewBlock } from './page-model';

interface Draft {
  roles: PageRole[];
  blocks: PageBlock[];
}

/**
 * A custom page (UserModule node, /app/:appCode/:schemaCode): the app's portal, a 12-column grid of
 * blocks. The app's designers switch to design mode, where blocks are added, set up, dragged and
 * resized and the page saved at once, with who may open it; everyone else sees the blocks meant for
 * them. Its own chunk, loaded when a custom page is first shown.
 */
export function CustomPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { engineCode, appCode, nodes } = useAppWorkspace();
  const code = useParams().schemaCode ?? '';
  const node = nodes.find((n) => n.code === code);
  const client = useQueryClient();
  const key = customPageKeys.page(engineCode, appCode, code);
  const page = useQuery({ queryKey: key, queryFn: () => customPagesApi.get({ appCode, code }), retry: false });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [editing, setEditing] = useState<PageBlock | null>(null);
  const save = useMutation({
    mutationFn: (d: Draft) => customPagesApi.save({ appCode, code }, d),
    onSuccess: (info) => {
      client.setQueryData(key, info);
      setDraft(null);
      message.success(t('customPages.saved'));
    },
    onError: (e) => message.error(errorText(e)),
  });

  if (page.isError) {
    const forbidden = page.error instanceof ApiError && page.error.status === 403;
    return (
      <Result
        status={forbidden ? '403' : 'warning'}
        title={forbidden ? t('customPages.noAccess') : t('customPages.loadFailed')}
        subTitle={errorText(page.error)}
        extra={!forbidden && <Button onClick={() => void page.refetch()}>{t('common.retry')}</Button>}
        data-testid="custom-page-error"
      />
    );
  }
  if (!page.data) return <Skeleton active style={{ padding: 32 }} data-testid="custom-page-loading" />;

  const info = page.data;
  const designing = draft !== null;
  const blocks = draft?.blocks ?? info.blocks;
  const edit = (next: Draft) => setDraft(next);
  const current = (): Draft => draft ?? { roles: info.roles, blocks: info.blocks };
  const add = (kind: PageBlockKind) => {
    if (!designing) setDraft(current());
    setEditing({ id: newBlockId(), kind, title: '', place: placeNewBlock(blocks, kind), roles: [] });
  };
  const onLayout = (layout: Layout) => {
    if (!draft) return;
    const byId = new Map(layout.map((l) => [l.i, l]));
    setDraft({
      ...draft,
      blocks: draft.blocks.map((b) => {
        const l = byId.get(b.id);
        return l ? { ...b, place: { x: l.x, y: l.y, w: l.w, h: l.h } } : b;
      }),
    });
  };
  const applyEdit = (b: PageBlock) => {
    const base = current();
    edit({
      ...base,
      blocks: base.blocks.some((x) => x.id === b.id)
        ? base.blocks.map((x) => (x.id === b.id ? b : x))
        : [...base.blocks, b],
    });
    setEditing(null);
  };
  const addMenu = {
    items: Kinds.map((k) => ({ key: k, label: t(`customPages.kinds.${k}`) })),
    onClick: ({ key }: { key: string }) => add(key as PageBlockKind),
  };

  return (
    <div style={{ padding: 24 }} data-testid="custom-page">
      <Flex
        justify="space-between"
        align="center"
        style={{ marginBottom: 16 }}
        wrap
        gap={8}
        data-testid="custom-page-header"
      >
        <PageHeading style={{ margin: 0 }}>
          <span style={{ marginInlineEnd: 8 }}>{nodeIcon('UserModule')}</span>
          {node?.displayName ?? info.displayName}
        </PageHeading>
        {info.canDesign &&
          (designing ? (
            <Space wrap>
              <Select
                mode="multiple"
                allowClear
                style={{ minWidth: 220 }}
                placeholder={t('customPages.pageVisibleToAll')}
                value={draft.roles}
                onChange={(roles: PageRole[]) => edit({ ...draft, roles })}
                options={PageRole.map((r) => ({ value: r, label: t(`customPages.roles.${r}`) }))}
                data-testid="page-roles"
                prefix={t('customPages.pageVisibleTo')}
              />
              <Dropdown menu={addMenu} trigger={['click']}>
                <Button icon={<PlusOutlined />} data-testid="page-add-block">
                  {t('customPages.addBlock')}
                </Button>
              </Dropdown>
              <Button onClick={() => setDraft(null)} disabled={save.isPending}>
                {t('common.cancel')}
              </Button>
              <Button
                type="primary"
                loading={save.isPending}
                onClick={() => save.mutate(draft)}
                data-testid="page-save"
              >
                {t('common.save')}
              </Button>
            </Space>
          ) : (
            <Button icon={<EditOutlined />} onClick={() => setDraft(current())} data-testid="page-design">
              {t('customPages.design')}
            </Button>
          ))}
      </Flex>
      {!blocks.length ? (
        <Card>
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            style={{ padding: '48px 0' }}
            description={info.canDesign ? t('customPages.emptyDesigner') : t('customPages.emptyViewer')}
            data-testid="custom-page-empty"
          >
            {info.canDesign && (
              <Dropdown menu={addMenu} trigger={['click']}>
                <Button type="primary" icon={<PlusOutlined />}>
                  {t('customPages.addBlock')}
                </Button>
              </Dropdown>
            )}
          </Empty>
        </Card>
      ) : (
        <PlacedGrid items={blocks} designing={designing} onLayout={onLayout} testId="custom-page-grid">
          {(b) => (
            <BlockCard
              block={b}
              designing={designing}
              onEdit={() => setEditing(b)}
              onRemove={() => edit({ ...current(), blocks: current().blocks.filter((x) => x.id !== b.id) })}
            />
          )}
        </PlacedGrid>
      )}
      {editing && <BlockEditor key={editing.id} block={editing} onCancel={() => setEditing(null)} onDone={applyEdit} />}
    </div>
  );
}
