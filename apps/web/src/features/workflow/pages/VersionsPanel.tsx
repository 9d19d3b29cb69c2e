import type { FieldInfo, WorkflowDefinition, WorkflowVersionInfo } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Modal, Skeleton, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { workflowApi, workflowKeys } from '../api/workflow-api';
import { FlowDesigner } from '../designer/FlowDesigner';

interface Props {
  p: { appCode: string; schemaCode: string };
  fields: FieldInfo[];
  versions: WorkflowVersionInfo[];
  onLoadAsDraft: (definition: WorkflowDefinition) => void;
}

/** Published versions, newest first: who published when; each can be looked at or taken as the draft. */
export function VersionsPanel({ p, fields, versions, onLoadAsDraft }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const sorted = [...versions].sort((a, b) => b.version - a.version);
  const latest = sorted[0]?.version;
  return (
    <div style={{ padding: 24, maxWidth: 960, margin: '0 auto' }} data-testid="wf-versions">
      <Table<WorkflowVersionInfo>
        rowKey="version"
        dataSource={sorted}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workflow.versions.empty')} />,
        }}
        columns={[
          {
            key: 'version',
            title: t('workflow.versions.version'),
            render: (_, v) => (
              <>
                v{v.version} {v.version === latest && <Tag color="green">{t('workflow.versions.current')}</Tag>}
              </>
            ),
          },
          { key: 'by', title: t('workflow.versions.publisher'), render: (_, v) => v.publisherName },
          {
            key: 'at',
            title: t('workflow.versions.publishedAt'),
            render: (_, v) => dayjs(v.publishedAt).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'actions',
            title: '',
            align: 'end',
            render: (_, v) => (
              <Button type="link" onClick={() => setOpen(v.version)} data-testid={`wf-version-view-${v.version}`}>
                {t('workflow.versions.view')}
              </Button>
            ),
          },
        ]}
        data-testid="wf-versions-table"
      />
      {open !== null && (
        <VersionModal
          p={p}
          fields={fields}
          version={open}
          onClose={() => setOpen(null)}
          onLoadAsDraft={(d) => {
            setOpen(null);
            onLoadAsDraft(d);
          }}
        />
      )}
    </div>
  );
}

function VersionModal({
  p,
  fields,
  version,
  onClose,
  onLoadAsDraft,
}: {
  p: { appCode: string; schemaCode: string };
  fields: FieldInfo[];
  version: number;
  onClose: () => void;
  onLoadAsDraft: (definition: WorkflowDefinition) => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { engineCode } = useAppWorkspace();
  const detail = useQuery({
    queryKey: workflowKeys.version(engineCode, p.appCode, p.schemaCode, version),
    queryFn: () => workflowApi.version(p, version),
  });
  return (
    <Modal
      open
      width="min(1100px, 92vw)"
      title={t('workflow.versions.modalTitle', { version })}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
        <Button
          key="load"
          type="primary"
          disabled={!detail.data}
          onClick={() =>
            modal.confirm({
              title: t('workflow.versions.loadConfirm', { version }),
              content: t('workflow.versions.loadHint'),
              onOk: () => {
                if (detail.data) onLoadAsDraft(detail.data.definition);
              },
            })
          }
          data-testid="wf-version-load"
        >
          {t('workflow.versions.loadAsDraft')}
        </Button>,
      ]}
    >
      <div style={{ height: '65vh', position: 'relative' }}>
        {detail.isError ? (
          <Empty description={errorText(detail.error)} />
        ) : detail.data ? (
          <FlowDesigner definition={detail.data.definition} fields={fields} schemaCode={p.schemaCode} />
        ) : (
          <Skeleton active />
        )}
      </div>
    </Modal>
  );
}
