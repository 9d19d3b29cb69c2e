import {
  type CreateWebhookBody,
  type FilterGroup,
  RecordWebhookEvents,
  type WebhookDelivery,
  WebhookEndpoints,
  type WebhookItem,
} from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Input, List, Modal, Popconfirm, Switch, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shell/api/client';
import { errorText, showFormError } from '../../../shell/api/form-errors';
import { FilterPanel } from '../views/filter/FilterPanel';
import { EventChoices, HookFilterEditor, useHookFields } from './WebhookParts';

type P = { appCode: string; schemaCode: string };
const inline = { errors: 'inline' } as const;
const hooksKey = (p: P) => ['webhooks', p.appCode, p.schemaCode] as const;

/** The delivery log of one hook: status, duration, response excerpt. */
function DeliveryLog({ p, hook }: { p: P; hook: WebhookItem }) {
  const { t } = useTranslation();
  const log = useQuery({
    queryKey: [...hooksKey(p), hook.id, 'deliveries'],
    queryFn: () => call(WebhookEndpoints.deliveries, { params: { ...p, hookId: hook.id }, ...inline }),
    refetchInterval: 5_000,
  });
  return (
    <Table<WebhookDelivery>
      size="small"
      rowKey="id"
      loading={log.isLoading}
      dataSource={log.data ?? []}
      pagination={false}
      data-testid="webhook-log"
      locale={{ emptyText: t('webhooks.noDeliveries') }}
      columns={[
        { title: t('webhooks.time'), render: (_, d) => dayjs(d.createdAt).format('MM-DD HH:mm:ss'), width: 120 },
        { title: t('webhooks.event'), dataIndex: 'event', width: 130 },
        {
          title: t('webhooks.result'),
          width: 150,
          render: (_, d) => (
            <Tag color={d.state === 'delivered' ? 'green' : d.state === 'failed' ? 'red' : 'orange'}>
              {t(`webhooks.state.${d.state}`)} {d.status ?? ''}
            </Tag>
          ),
        },
        {
          title: t('webhooks.duration'),
          width: 80,
          render: (_, d) => (d.durationMs === null ? '' : `${d.durationMs} ms`),
        },
        {
          title: t('webhooks.response'),
          render: (_, d) => (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 220 }}>
              {d.error || d.responseExcerpt}
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}

/**
 * A data table's webhooks (issue 17): add a URL for record and flow events with an optional filter
 * (the views' filter panel), see its secret to check signatures, switch it off and on (on again
 * resumes a paused one), change its filter, send a test, read the delivery log, delete.
 */
export function WebhooksDialog({ p, onClose }: { p: P; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CreateWebhookBody>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [filtering, setFiltering] = useState<string | null>(null);
  const [filter, setFilter] = useState<FilterGroup | undefined>();
  /** A new key empties the add form's filter panel after a hook is added. */
  const [formKey, setFormKey] = useState(0);
  const fields = useHookFields(p);
  const hooks = useQuery({
    queryKey: hooksKey(p),
    queryFn: () => call(WebhookEndpoints.list, { params: p, ...inline }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: hooksKey(p) });

  const add = async (v: CreateWebhookBody) => {
    setSaving(true);
    setError(null);
    try {
      await call(WebhookEndpoints.create, {
        params: p,
        body: { url: v.url.trim(), events: v.events, ...(filter ? { filter } : {}) },
        ...inline,
      });
      form.resetFields();
      setFilter(undefined);
      setFormKey((k) => k + 1);
      await refresh();
    } catch (e) {
      setError(showFormError(form, e, ['url', 'events']));
    } finally {
      setSaving(false);
    }
  };
  const act = async (run: () => Promise<unknown>, done?: string) => {
    try {
      await run();
      if (done) message.success(done);
    } catch (e) {
      message.error(errorText(e));
    }
    await refresh();
  };

  return (
    <Modal open width={820} title={t('webhooks.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="webhooks-dialog">
        <Typography.Paragraph type="secondary">{t('webhooks.intro')}</Typography.Paragraph>
        <Form<CreateWebhookBody>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ events: [...RecordWebhookEvents] }}
          onFinish={(v) => void add(v)}
        >
          <Form.Item
            name="url"
            label={t('webhooks.url')}
            rules={[{ required: true, whitespace: true, message: t('webhooks.urlRequired') }]}
          >
            <Input placeholder="https://example.com/canopy-hook" data-testid="webhook-url" />
          </Form.Item>
          <Form.Item
            name="events"
            label={t('webhooks.events')}
            rules={[{ required: true, message: t('webhooks.eventsRequired') }]}
          >
            <EventChoices />
          </Form.Item>
          <Form.Item label={t('webhooks.filter')} extra={t('webhooks.filterHint')}>
            <div data-testid="webhook-filter">
              <FilterPanel key={formKey} fields={fields} filter={filter} delay={0} width="100%" onChange={setFilter} />
            </div>
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
          <Flex justify="flex-end" style={{ marginBottom: 16 }}>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="webhook-add">
              {t('webhooks.add')}
            </Button>
          </Flex>
        </Form>
        <List<WebhookItem>
          loading={hooks.isLoading}
          dataSource={hooks.data ?? []}
          locale={{ emptyText: t('webhooks.empty') }}
          renderItem={(hook) => (
            <List.Item style={{ display: 'block' }} data-testid="webhook-item">
              <Flex justify="space-between" align="center" gap={8} wrap>
                <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Typography.Text strong ellipsis>
                    {hook.url}
                  </Typography.Text>
                  <Flex gap={4} wrap>
                    {hook.events.map((e) => (
                      <Tag key={e}>{t(`webhooks.ev.${e}`, { defaultValue: e })}</Tag>
                    ))}
                    {hook.filter && <Tag color="blue">{t('webhooks.filtered')}</Tag>}
                    {hook.pausedAt && <Tag color="red">{t('webhooks.paused')}</Tag>}
                  </Flex>
                  <Typography.Text type="secondary" copyable={{ text: hook.secret }}>
                    {t('webhooks.secret')}: {hook.secret.slice(0, 6)}…
                  </Typography.Text>
                </Flex>
                <Flex gap={8} align="center">
                  <Switch
                    checked={hook.active && !hook.pausedAt}
                    onChange={(active) =>
                      act(() =>
                        call(WebhookEndpoints.update, {
                          params: { ...p, hookId: hook.id },
                          body: { active },
                          ...inline,
                        }),
                      )
                    }
                  />
                  <Button
                    size="small"
                    data-testid="webhook-test"
                    onClick={() =>
                      act(async () => {
                        const d = await call(WebhookEndpoints.test, { params: { ...p, hookId: hook.id }, ...inline });
                        setOpen(hook.id);
                        await queryClient.invalidateQueries({ queryKey: [...hooksKey(p), hook.id, 'deliveries'] });
                        if (d.state === 'delivered') message.success(t('webhooks.testOk', { status: d.status }));
                        else message.warning(t('webhooks.testFailed', { error: d.error || d.status }));
                      })
                    }
                  >
                    {t('webhooks.test')}
                  </Button>
                  <Button
                    size="small"
                    onClick={() => setFiltering(filtering === hook.id ? null : hook.id)}
                    data-testid="webhook-filter-toggle"
                  >
                    {t('webhooks.editFilter')}
                  </Button>
                  <Button
                    size="small"
                    onClick={() => setOpen(open === hook.id ? null : hook.id)}
                    data-testid="webhook-log-toggle"
                  >
                    {t('webhooks.log')}
                  </Button>
                  <Popconfirm
                    title={t('webhooks.deleteConfirm')}
                    onConfirm={() =>
                      act(() => call(WebhookEndpoints.remove, { params: { ...p, hookId: hook.id }, ...inline }))
                    }
                  >
                    <Button size="small" danger>
                      {t('webhooks.delete')}
                    </Button>
                  </Popconfirm>
                </Flex>
              </Flex>
              {filtering === hook.id && (
                <div style={{ marginTop: 8 }}>
                  <HookFilterEditor p={p} hook={hook} fields={fields} onSaved={refresh} />
                </div>
              )}
              {open === hook.id && (
                <div style={{ marginTop: 8 }}>
                  <DeliveryLog p={p} hook={hook} />
                </div>
              )}
            </List.Item>
          )}
        />
      </div>
    </Modal>
  );
}
