import type { Delegation } from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Descriptions, Empty, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { useSession } from '../../../shell/session/session-context';
import { delegationApi, delegationKeys } from '../api/delegation-api';
import { useMyDelegation } from '../hooks/useMyDelegation';
import { DelegationForm } from './DelegationForm';

const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

/**
 * 代理审批 in account settings (issue 29): the member's out-of-office delegation — set it, see it,
 * change or cancel it (after a confirmation) — and the delegations others gave them.
 */
export function DelegationSection() {
  const { t } = useTranslation();
  const current = useSession().current;
  const delegation = useMyDelegation();
  const [editing, setEditing] = useState(false);
  if (!current) return <Alert type="info" showIcon title={t('account.tokenNoTeam')} />;
  if (delegation.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (delegation.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={errorText(delegation.error)}
        action={<Button onClick={() => void delegation.refetch()}>{t('common.retry')}</Button>}
      />
    );
  const { mine, forMe } = delegation.data;
  return (
    <div data-testid="delegation-section">
      <Typography.Paragraph type="secondary">{t('delegation.intro')}</Typography.Paragraph>
      {editing ? (
        <DelegationForm current={mine} onDone={() => setEditing(false)} />
      ) : mine ? (
        <Current delegation={mine} onEdit={() => setEditing(true)} />
      ) : (
        <Flex vertical align="center" gap={12} style={{ padding: '8px 0 16px' }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('delegation.none')} style={{ margin: 0 }} />
          <Button type="primary" onClick={() => setEditing(true)} data-testid="delegation-set">
            {t('delegation.set')}
          </Button>
        </Flex>
      )}
      {forMe.length > 0 && (
        <div style={{ marginTop: 16 }} data-testid="delegation-for-me">
          <Typography.Text strong>{t('delegation.forMeTitle')}</Typography.Text>
          {forMe.map((d) => (
            <Typography.Paragraph key={d.member.memberId} style={{ margin: '4px 0 0' }}>
              {t('delegation.forMe', { name: d.member.name, from: time(d.startsAt), to: time(d.endsAt) })}
              {d.note && <Typography.Text type="secondary">{` · ${d.note}`}</Typography.Text>}
            </Typography.Paragraph>
          ))}
        </div>
      )}
    </div>
  );
}

/** The delegation in place: who, when, what, the note; change or cancel it. */
function Current({ delegation: d, onEdit }: { delegation: Delegation; onEdit: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const engineCode = useSession().current?.engineCode ?? '';
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const cancel = async () => {
    setCancelling(true);
    try {
      queryClient.setQueryData(delegationKeys.mine(engineCode), await delegationApi.clear());
      message.success(t('delegation.cancelled'));
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setCancelling(false);
    }
  };
  const scope =
    d.apps.length || d.flows.length ? (
      <Flex wrap gap={4}>
        {d.apps.map((a) => (
          <Tag key={a.code}>{t('delegation.wholeApp', { name: a.name })}</Tag>
        ))}
        {d.flows.map((f) => (
          <Tag key={f.code}>{f.name}</Tag>
        ))}
      </Flex>
    ) : (
      t('delegation.scopeAll')
    );
  return (
    <div data-testid="delegation-current">
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'delegate',
            label: t('delegation.delegate'),
            children: (
              <Flex gap={8} align="center">
                <span data-testid="delegation-current-delegate">{d.delegate.name}</span>
                <Badge
                  status={d.active ? 'success' : 'default'}
                  text={d.active ? t('delegation.active') : t('delegation.scheduled')}
                />
              </Flex>
            ),
          },
          {
            key: 'period',
            label: t('delegation.periodLabel'),
            children: t('delegation.period', { from: time(d.startsAt), to: time(d.endsAt) }),
          },
          { key: 'scope', label: t('delegation.scope'), children: scope },
          ...(d.note ? [{ key: 'note', label: t('delegation.note'), children: d.note }] : []),
        ]}
      />
      <Flex justify="flex-end" gap={8} style={{ marginTop: 12 }}>
        <Popconfirm
          title={t('delegation.cancelConfirmTitle')}
          description={t('delegation.cancelConfirmBody', { name: d.delegate.name })}
          onConfirm={() => cancel()}
          okButtonProps={{ danger: true, ...{ 'data-testid': 'delegation-cancel-ok' } }}
        >
          <Button danger loading={cancelling} data-testid="delegation-cancel">
            {t('delegation.cancel')}
          </Button>
        </Popconfirm>
        <Button type="primary" onClick={onEdit} data-testid="delegation-edit">
          {t('delegation.edit')}
        </Button>
      </Flex>
    </div>
  );
}
