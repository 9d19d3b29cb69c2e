import { DownloadOutlined } from '@ant-design/icons';
import type { ExportFormat, ExportJob } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Dropdown, Flex, Modal, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { ToolbarButton } from '../../../shell/layout/toolbar-fit';
import { transferApi } from './transfer-api';

interface Props {
  p: { appCode: string; schemaCode: string };
  /** The open view: the export follows its filter, sorts and shown columns. */
  viewCode?: string;
  search?: string;
}

/** An export job's progress, then its download button (shared with the team data export). */
export function ExportProgress({
  job,
  running,
  ready,
  failed,
  download,
}: {
  job: ExportJob;
  running: string;
  ready: string;
  failed: string;
  download: string;
}) {
  if (job.state === 'failed') return <Alert type="error" showIcon title={failed} data-testid="export-failed" />;
  return (
    <Flex vertical gap={12} data-testid="export-progress">
      <Progress percent={job.percent} status={job.state === 'done' ? 'success' : 'active'} />
      {job.state === 'running' ? (
        <Typography.Text type="secondary">{running}</Typography.Text>
      ) : (
        <Flex vertical gap={12} align="flex-start">
          <Typography.Text>{ready}</Typography.Text>
          <Button type="primary" icon={<DownloadOutlined />} href={job.downloadUrl} data-testid="export-download">
            {download}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

/**
 * 导出: the current view as xlsx or CSV, as this member may see it. The export is a job on the
 * server: the dialog follows its progress, then offers the download (the link expires).
 */
export function ExportButton({ p, viewCode, search }: Props) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState<ExportJob | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const job = useQuery({
    queryKey: ['export-job', p.appCode, p.schemaCode, started?.id],
    queryFn: () => transferApi.exportJob(p, started?.id ?? ''),
    enabled: Boolean(started),
    refetchInterval: (q) => ((q.state.data ?? started)?.state === 'running' ? 700 : false),
  });
  const current = job.data ?? started;
  const run = async (format: ExportFormat) => {
    setOpen(true);
    setStarted(null);
    setError('');
    setBusy(true);
    try {
      setStarted(
        await transferApi.startExport(p, {
          format,
          ...(viewCode ? { view: viewCode } : {}),
          ...(search ? { search } : {}),
        }),
      );
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const date = (ms: number) => new Date(ms).toLocaleString(i18n.language === 'zh' ? 'zh-CN' : i18n.language);
  return (
    <>
      <Dropdown
        trigger={['click']}
        disabled={busy}
        menu={{
          items: [
            { key: 'xlsx', label: t('transfer.exportXlsx') },
            { key: 'csv', label: t('transfer.exportCsv') },
          ],
          onClick: ({ key }) => void run(key as ExportFormat),
        }}
      >
        <ToolbarButton
          icon={<DownloadOutlined />}
          label={t('transfer.export')}
          loading={busy}
          data-testid="export-button"
        />
      </Dropdown>
      <Modal
        open={open}
        title={t('transfer.exportTitle')}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{t('common.close')}</Button>}
        destroyOnHidden
      >
        <Flex vertical gap={16} data-testid="export-dialog">
          {error && <Alert type="error" showIcon title={error} data-testid="export-error" />}
          {!current && !error && <Progress percent={0} status="active" />}
          {current && (
            <ExportProgress
              job={current}
              running={t('transfer.exportRunning', {
                processed: current.processed.toLocaleString(),
                total: current.total.toLocaleString(),
              })}
              ready={t('transfer.exportReady', {
                rows: current.processed.toLocaleString(),
                date: date(current.expiresAt),
              })}
              failed={t('transfer.exportFailed', { message: current.message })}
              download={t('transfer.exportDownload')}
            />
          )}
          {current?.state === 'running' && (
            <Typography.Text type="secondary">{t('transfer.exportBackground')}</Typography.Text>
          )}
        </Flex>
      </Modal>
    </>
  );
}
