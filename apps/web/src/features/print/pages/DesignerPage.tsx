import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { FieldInfo, PrintBlock, PrintTemplate, SavePrintTemplateBody } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Flex, Layout, List, Popconfirm, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../shell/api/form-errors';
import { PageHeading } from '../../../shell/layout/PageHeading';
import { MAIN_CONTENT_ID, SkipLink } from '../../../shell/layout/SkipLink';
import { tableKeys, tablesApi } from '../../tables/api/tables-api';
import { printApi, printKeys } from '../api/print-api';
import { BlockPalette } from '../components/BlockPalette';
import { DesignCanvas } from '../components/DesignCanvas';
import { PageSettings } from '../components/PageSettings';
import { newTemplate } from '../print-model';
import { useBack, usePrintTable } from '../print-params';

const NEW = 'new';

/**
 * The print template designer of one table: the templates on the left, the page with its blocks in
 * the middle (select, move, remove), the palette of things to add and the settings on the right.
 * The app's designers save; the server checks every block again.
 */
export function DesignerPage() {
  const { engineCode, p } = usePrintTable();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const chosen = search.get('template') ?? '';
  const templates = useQuery({ queryKey: printKeys.templates(engineCode, p), queryFn: () => printApi.templates(p) });
  const schema = useQuery({
    queryKey: tableKeys.schema(engineCode, p.appCode, p.schemaCode),
    queryFn: () => tablesApi.schema(p),
  });
  const [draft, setDraft] = useState<SavePrintTemplateBody | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);

  const fields: FieldInfo[] = (schema.data?.fields ?? []).filter((f) => !f.deleted);
  const list = templates.data?.templates ?? [];
  const current: PrintTemplate | undefined = list.find((x) => x.id === chosen);

  // The draft follows the chosen template (or a new one) until the designer changes it.
  useEffect(() => {
    if (!templates.data || !schema.data) return;
    if (current)
      setDraft({
        name: current.name,
        page: current.page,
        header: current.header,
        footer: current.footer,
        blocks: current.blocks,
      });
    else
      setDraft(
        newTemplate(
          t('print.newName'),
          schema.data.displayName,
          schema.data.fields
            .filter((f) => !f.deleted && !f.system && f.type !== 'subTable')
            .slice(0, 8)
            .map((f) => f.code),
          t('print.footerDefault'),
        ),
      );
    setSelected(null);
    setProblem('');
  }, [current, templates.data, schema.data, t]);

  const choose = (id: string) => setSearch(id && id !== NEW ? { template: id } : {}, { replace: true });

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    setProblem('');
    try {
      const saved = current ? await printApi.save(p, current.id, draft) : await printApi.create(p, draft);
      await queryClient.invalidateQueries({ queryKey: printKeys.templates(engineCode, p) });
      message.success(t('print.saved'));
      if (!current) choose(saved.id);
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!current) return;
    try {
      await printApi.remove(p, current.id);
      await queryClient.invalidateQueries({ queryKey: printKeys.templates(engineCode, p) });
      choose('');
    } catch (e) {
      message.error(errorText(e));
    }
  };

  const update = (next: Partial<SavePrintTemplateBody>) => setDraft((d) => (d ? { ...d, ...next } : d));
  const add = (block: PrintBlock) => {
    if (!draft) return;
    setDraft({ ...draft, blocks: [...draft.blocks, block] });
    setSelected(draft.blocks.length);
  };

  const back = useBack(p);
  const ready = draft && templates.data && schema.data;
  if (templates.isError || schema.isError)
    return <Alert type="error" showIcon title={errorText(templates.error ?? schema.error)} style={{ margin: 24 }} />;
  if (templates.data && !templates.data.canDesign)
    return <Alert type="warning" showIcon title={t('print.noDesign')} style={{ margin: 24 }} />;

  return (
    <Layout style={{ height: '100vh' }} data-testid="print-designer">
      <SkipLink />
      <Flex
        align="center"
        gap={12}
        style={{ padding: '10px 16px', background: '#fff', borderBottom: '1px solid #f0f0f0' }}
      >
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          {t('print.back')}
        </Button>
        <PageHeading look={5} style={{ margin: 0 }}>
          {t('print.designerTitle', { table: schema.data?.displayName ?? '' })}
        </PageHeading>
        <Flex gap={8} style={{ marginInlineStart: 'auto' }}>
          {current && (
            <Popconfirm
              title={t('print.removeConfirm')}
              onConfirm={remove}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
            >
              <Button danger icon={<DeleteOutlined />} data-testid="print-template-delete">
                {t('print.remove')}
              </Button>
            </Popconfirm>
          )}
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            disabled={!ready}
            onClick={save}
            data-testid="print-template-save"
          >
            {t('print.save')}
          </Button>
        </Flex>
      </Flex>
      <Layout hasSider style={{ minHeight: 0 }}>
        <Layout.Sider width={220} theme="light" style={{ borderRight: '1px solid #f0f0f0', overflow: 'auto' }}>
          <Flex justify="space-between" align="center" style={{ padding: '12px 12px 4px' }}>
            <Typography.Text strong>{t('print.templates')}</Typography.Text>
            <Button
              size="small"
              type="link"
              icon={<PlusOutlined />}
              onClick={() => choose(NEW)}
              data-testid="print-template-new"
            >
              {t('print.newTemplate')}
            </Button>
          </Flex>
          <List
            size="small"
            dataSource={list}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('print.noTemplates')} /> }}
            renderItem={(x) => (
              <List.Item
                onClick={() => choose(x.id)}
                style={{ cursor: 'pointer', paddingInline: 12, background: x.id === chosen ? '#e6f4ff' : undefined }}
              >
                {x.name}
              </List.Item>
            )}
          />
          {!current && (
            <div style={{ padding: '4px 12px', color: 'rgba(0,0,0,0.58)', fontSize: 12 }}>{t('print.unsaved')}</div>
          )}
        </Layout.Sider>
        <Layout.Content
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          style={{ overflow: 'auto', background: '#f0f2f5', padding: 24 }}
        >
          {problem && (
            <Alert
              type="error"
              showIcon
              title={problem}
              style={{ marginBottom: 12 }}
              data-testid="print-designer-error"
            />
          )}
          {ready ? (
            <DesignCanvas
              title={schema.data?.displayName ?? ''}
              template={draft}
              fields={fields}
              selected={selected}
              onSelect={setSelected}
              onChange={(blocks) => update({ blocks })}
            />
          ) : (
            <Skeleton active paragraph={{ rows: 10 }} />
          )}
        </Layout.Content>
        <Layout.Sider
          width={320}
          theme="light"
          style={{ borderLeft: '1px solid #f0f0f0', overflow: 'auto', padding: 12 }}
        >
          {ready && (
            <>
              <BlockPalette fields={fields} onAdd={add} />
              <PageSettings
                template={draft}
                fields={fields}
                selected={selected}
                onChange={update}
                onBlock={(index, block) => update({ blocks: draft.blocks.map((b, i) => (i === index ? block : b)) })}
              />
            </>
          )}
        </Layout.Sider>
      </Layout>
    </Layout>
  );
}
