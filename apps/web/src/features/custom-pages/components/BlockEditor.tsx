import { UploadOutlined } from '@ant-design/icons';
import { CustomPageLimits, isPageUrl, type PageBlock, type PageLink, PageRole } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Drawer, Form, Input, InputNumber, Radio, Select, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { uploadFile } from '../../../shell/api/upload';
import { RichTextEditor } from '../../apps/components/intro/RichTextEditor';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { dashboardKeys, dashboardsApi } from '../../dashboards/api/dashboards-api';
import { tableKeys, tablesApi } from '../../tables/api/tables-api';

interface Values {
  title: string;
  roles: string[];
  schemaCode?: string;
  viewCode?: string;
  rows?: number;
  dashboardCode?: string;
  widgetId?: string;
  action?: 'add' | 'view';
  links?: PageLink[];
  url?: string;
}

/** The public views of a table, to choose one for a view or button block. */
function useTableViews(schemaCode: string | undefined) {
  const { engineCode, appCode } = useAppWorkspace();
  return useQuery({
    queryKey: tableKeys.views(engineCode, appCode, schemaCode ?? ''),
    queryFn: () => tablesApi.views({ appCode, schemaCode: schemaCode ?? '' }),
    enabled: Boolean(schemaCode),
    retry: false,
  });
}

/**
 * A block's settings (a drawer beside the page): its title, who sees it, and its kind's settings —
 * the text, an uploaded image, a table and view, a dashboard's chart, the button's target, links,
 * or the address of an embedded page. The server checks them again on save.
 */
export function BlockEditor({
  block,
  onCancel,
  onDone,
}: {
  block: PageBlock;
  onCancel: () => void;
  onDone: (block: PageBlock) => void;
}) {
  const { t } = useTranslation();
  const { engineCode, appCode, nodes } = useAppWorkspace();
  const [form] = Form.useForm<Values>();
  const [html, setHtml] = useState(block.html ?? '');
  const [fileId, setFileId] = useState(block.fileId);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const schemaCode = Form.useWatch('schemaCode', form);
  const dashboardCode = Form.useWatch('dashboardCode', form);
  const action = Form.useWatch('action', form);
  const views = useTableViews(schemaCode);
  const dashboard = useQuery({
    queryKey: dashboardKeys.dashboard(engineCode, appCode, dashboardCode ?? ''),
    queryFn: () => dashboardsApi.get({ appCode, code: dashboardCode ?? '' }),
    enabled: Boolean(dashboardCode),
    retry: false,
  });
  const tables = nodes.filter((n) => n.type === 'Schema').map((n) => ({ value: n.code, label: n.displayName }));
  const dashboards = nodes.filter((n) => n.type === 'Dashboard').map((n) => ({ value: n.code, label: n.displayName }));
  const publicViews = (views.data ?? []).filter((v) => !v.personal).map((v) => ({ value: v.code, label: v.name }));
  const kind = block.kind;
  const required = [{ required: true, message: t('customPages.required') }];
  const urlRule = (allowPath: boolean) => ({
    validator: (_: unknown, value?: string) =>
      !value || isPageUrl(value, allowPath)
        ? Promise.resolve()
        : Promise.reject(new Error(t('customPages.urlInvalid'))),
  });

  const finish = (v: Values) => {
    const next: PageBlock = {
      id: block.id,
      kind,
      title: v.title ?? '',
      place: block.place,
      roles: v.roles as PageRole[],
    };
    if (kind === 'text') next.html = html;
    if (kind === 'image') next.fileId = fileId;
    if (kind === 'view' || kind === 'button') {
      next.schemaCode = v.schemaCode;
      if (v.viewCode && (kind === 'view' || v.action === 'view')) next.viewCode = v.viewCode;
    }
    if (kind === 'view') next.rows = v.rows;
    if (kind === 'button') next.action = v.action;
    if (kind === 'widget') {
      next.dashboardCode = v.dashboardCode;
      next.widgetId = v.widgetId;
    }
    if (kind === 'links') next.links = v.links;
    if (kind === 'embed') {
      next.url = v.url;
    }
    onDone(next);
  };

  return (
    <Drawer
      open
      size={480}
      title={t('customPages.editorTitle', { kind: t(`customPages.kinds.${kind}`) })}
      onClose={onCancel}
      data-testid="block-editor"
      extra={
        <Space>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button type="primary" onClick={() => form.submit()} data-testid="block-editor-done">
            {t('common.confirm')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={finish}
        initialValues={{
          title: block.title,
          roles: block.roles,
          schemaCode: block.schemaCode,
          viewCode: block.viewCode,
          rows: block.rows ?? CustomPageLimits.viewRows.default,
          dashboardCode: block.dashboardCode,
          widgetId: block.widgetId,
          action: block.action ?? 'add',
          links: block.links ?? [{ title: '', url: '' }],
          url: block.url,
        }}
      >
        <Form.Item name="title" label={t('customPages.blockTitle')} rules={kind === 'button' ? required : undefined}>
          <Input maxLength={CustomPageLimits.title} showCount data-testid="block-title" />
        </Form.Item>
        <Form.Item name="roles" label={t('customPages.visibleTo')} extra={t('customPages.visibleToHint')}>
          <Checkbox.Group options={PageRole.map((r) => ({ value: r, label: t(`customPages.roles.${r}`) }))} />
        </Form.Item>
        {kind === 'text' && (
          <Form.Item label={t('customPages.text')} required>
            <RichTextEditor
              initialHtml={block.html ?? ''}
              onChange={setHtml}
              placeholder={t('customPages.textPlaceholder')}
            />
          </Form.Item>
        )}
        {kind === 'image' && (
          <Form.Item
            label={t('customPages.image')}
            required
            validateStatus={uploadError ? 'error' : undefined}
            help={uploadError ?? undefined}
          >
            <Space direction="vertical">
              {fileId && (
                <img src={`/v1/files/${encodeURIComponent(fileId)}`} alt="" style={{ maxWidth: 240, maxHeight: 160 }} />
              )}
              <Upload
                accept="image/png,image/jpeg,image/gif,image/webp"
                showUploadList={false}
                customRequest={({ file, onSuccess, onError }) => {
                  setUploadError(null);
                  uploadFile('image', file as File).then(
                    (f) => {
                      setFileId(f.id);
                      onSuccess?.(f);
                    },
                    (e: unknown) => {
                      setUploadError(errorText(e));
                      onError?.(e as Error);
                    },
                  );
                }}
              >
                <Button icon={<UploadOutlined />} data-testid="block-image-upload">
                  {t('customPages.uploadImage')}
                </Button>
              </Upload>
            </Space>
          </Form.Item>
        )}
        {kind === 'button' && (
          <Form.Item name="action" label={t('customPages.buttonAction')}>
            <Radio.Group
              options={[
                { value: 'add', label: t('customPages.actionAdd') },
                { value: 'view', label: t('customPages.actionView') },
              ]}
            />
          </Form.Item>
        )}
        {(kind === 'view' || kind === 'button') && (
          <>
            <Form.Item name="schemaCode" label={t('customPages.table')} rules={required}>
              <Select
                options={tables}
                showSearch
                optionFilterProp="label"
                onChange={() => form.setFieldValue('viewCode', undefined)}
                data-testid="block-table"
              />
            </Form.Item>
            {(kind === 'view' || action === 'view') && (
              <Form.Item name="viewCode" label={t('customPages.view')} extra={t('customPages.viewHint')}>
                <Select options={publicViews} allowClear loading={views.isFetching} data-testid="block-view" />
              </Form.Item>
            )}
          </>
        )}
        {kind === 'view' && (
          <Form.Item name="rows" label={t('customPages.rows')}>
            <InputNumber min={CustomPageLimits.viewRows.min} max={CustomPageLimits.viewRows.max} />
          </Form.Item>
        )}
        {kind === 'widget' && (
          <>
            <Form.Item name="dashboardCode" label={t('customPages.dashboard')} rules={required}>
              <Select
                options={dashboards}
                onChange={() => form.setFieldValue('widgetId', undefined)}
                data-testid="block-dashboard"
                notFoundContent={t('customPages.noDashboards')}
              />
            </Form.Item>
            <Form.Item name="widgetId" label={t('customPages.widget')} rules={required}>
              <Select
                options={(dashboard.data?.widgets ?? []).map((w) => ({ value: w.id, label: w.title || w.id }))}
                loading={dashboard.isFetching}
                data-testid="block-widget"
              />
            </Form.Item>
          </>
        )}
        {kind === 'links' && (
          <Form.List name="links">
            {(items, { add, remove }) => (
              <>
                {items.map((item) => (
                  <Space key={item.key} align="baseline" style={{ display: 'flex' }}>
                    <Form.Item name={[item.name, 'title']} rules={required}>
                      <Input placeholder={t('customPages.linkTitle')} maxLength={CustomPageLimits.title} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'url']} rules={[...required, urlRule(true)]}>
                      <Input placeholder="https://" style={{ width: 220 }} />
                    </Form.Item>
                    <Form.Item name={[item.name, 'openIn']} initialValue="tab">
                      <Select
                        style={{ width: 120 }}
                        options={[
                          { value: 'tab', label: t('customPages.openInTab') },
                          { value: 'modal', label: t('customPages.openInModal') },
                        ]}
                        aria-label={t('customPages.openIn')}
                        data-testid="link-open-in"
                      />
                    </Form.Item>
                    {items.length > 1 && (
                      <Button type="link" onClick={() => remove(item.name)}>
                        {t('customPages.removeLink')}
                      </Button>
                    )}
                  </Space>
                ))}
                {items.length < CustomPageLimits.links && (
                  <Button onClick={() => add({ title: '', url: '' })}>{t('customPages.addLink')}</Button>
                )}
              </>
            )}
          </Form.List>
        )}
        {kind === 'embed' && (
          <Form.Item
            name="url"
            label={t('customPages.url')}
            rules={[...required, urlRule(false)]}
            extra={t('customPages.embedHint')}
          >
            <Input placeholder="https://" data-testid="block-url" />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
