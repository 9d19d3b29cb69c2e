import { InboxOutlined } from '@ant-design/icons';
import type { FieldInfo, ImportJob, ImportMode } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Modal, Progress, Result, Steps, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { ImportMapping as ImportMappingStep } from './ImportMapping';
import { importPercent, importPhase } from './import-progress';
import { errorReportCsv, transferApi, uploadSheet } from './transfer-api';

interface Props {
  p: { appCode: string; schemaCode: string };
  fields: FieldInfo[];
  fieldAccess: Record<string, 'hidden' | 'readonly'>;
  /** Query key under which the table's records sit (refreshed when rows arrive). */
  recordsKey: readonly unknown[];
  onClose: () => void;
}

/** 导入数据: upload with progress → map columns to fields → run as a job with progress → result. */
export function ImportDialog({ p, fields, fieldAccess, recordsKey, onClose }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [uploaded, setUploaded] = useState<ImportJob | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [mode, setMode] = useState<ImportMode>('atomic');
  const [started, setStarted] = useState(false);
  const [starting, setStarting] = useState(false);

  const job = useQuery({
    queryKey: ['import-job', uploaded?.id],
    queryFn: () => transferApi.job(p, uploaded?.id ?? ''),
    enabled: started && Boolean(uploaded),
    refetchInterval: (q) => (q.state.data && q.state.data.state !== 'running' ? false : 500),
  });
  const current = job.data;
  const finished = current && (current.state === 'done' || current.state === 'failed');
  const phase = current ? importPhase(current) : 'running';
  useEffect(() => {
    if (finished && current.created > 0) void queryClient.invalidateQueries({ queryKey: recordsKey });
  }, [finished, current?.created, queryClient, recordsKey]);

  const upload = async (file: File) => {
    setError('');
    setUploadPercent(0);
    try {
      const next = await uploadSheet(p, file, setUploadPercent);
      setUploaded(next);
      setMapping(next.mapping);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setUploadPercent(null);
    }
  };

  const start = async () => {
    if (!uploaded) return;
    setStarting(true);
    setError('');
    try {
      await transferApi.start(p, uploaded.id, mapping, mode);
      setStarted(true);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setStarting(false);
    }
  };

  const downloadErrors = async () => {
    if (!uploaded) return;
    try {
      const rows = await transferApi.errors(p, uploaded.id);
      const csv = errorReportCsv(rows, [t('transfer.errorRow'), t('transfer.errorField'), t('transfer.errorReason')]);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: t('transfer.errorFile') });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      message.error(errorText(e));
    }
  };

  const reset = () => {
    setUploaded(null);
    setStarted(false);
    setMapping({});
    setError('');
  };

  const step = !uploaded ? 0 : !started ? 1 : 2;
  let body: React.ReactNode;
  if (step === 0) {
    body = (
      <Upload.Dragger
        accept=".xlsx,.csv"
        showUploadList={false}
        disabled={uploadPercent !== null}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
        data-testid="import-upload"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{uploadPercent === null ? t('transfer.dropHint') : t('transfer.uploading')}</p>
        <p className="ant-upload-hint">{t('transfer.dropLimit')}</p>
        {uploadPercent !== null && <Progress percent={uploadPercent} style={{ padding: '0 24px' }} />}
      </Upload.Dragger>
    );
  } else if (step === 1 && uploaded) {
    body = (
      <ImportMappingStep
        job={uploaded}
        fields={fields}
        fieldAccess={fieldAccess}
        mapping={mapping}
        onMapping={setMapping}
        mode={mode}
        onMode={setMode}
      />
    );
  } else if (!finished) {
    body = (
      <Flex vertical align="center" gap={12} style={{ padding: '32px 0' }} data-testid="import-running">
        <Progress type="circle" percent={current ? importPercent(current) : 0} />
        <span>{t(`transfer.${phase}`)}</span>
        {current && (
          <span>
            {phase === 'writing'
              ? t('transfer.writtenProgress', {
                  written: current.written.toLocaleString(),
                  total: current.total.toLocaleString(),
                })
              : t('transfer.progress', {
                  processed: current.processed.toLocaleString(),
                  total: current.total.toLocaleString(),
                })}
          </span>
        )}
      </Flex>
    );
  } else {
    body = (
      <Result
        data-testid="import-result"
        status={current.state === 'done' ? (current.failed ? 'warning' : 'success') : 'error'}
        title={current.state === 'done' ? t('transfer.done') : t('transfer.failedTitle')}
        subTitle={
          current.state === 'done'
            ? t('transfer.doneSummary', {
                created: current.created.toLocaleString(),
                failed: current.failed.toLocaleString(),
              })
            : current.message
        }
        extra={
          <Flex gap={8} justify="center">
            {current.failed > 0 && (
              <Button onClick={downloadErrors} data-testid="import-errors">
                {t('transfer.downloadErrors')}
              </Button>
            )}
            <Button onClick={reset}>{t('transfer.again')}</Button>
          </Flex>
        }
      />
    );
  }

  return (
    <Modal
      open
      width={720}
      title={t('transfer.importTitle')}
      onCancel={onClose}
      maskClosable={false}
      footer={
        step === 1 ? (
          <Flex justify="end" gap={8}>
            <Button onClick={reset}>{t('common.back')}</Button>
            <Button
              type="primary"
              loading={starting}
              disabled={!Object.keys(mapping).length}
              onClick={start}
              data-testid="import-start"
            >
              {t('transfer.start')}
            </Button>
          </Flex>
        ) : finished || step === 0 ? (
          <Button onClick={onClose}>{t('transfer.close')}</Button>
        ) : null
      }
    >
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 24 }}
        items={[
          { title: t('transfer.stepUpload') },
          { title: t('transfer.stepMap') },
          { title: t('transfer.stepRun') },
        ]}
      />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="import-error" />}
      {job.error && <Alert type="error" showIcon title={errorText(job.error)} style={{ marginBottom: 16 }} />}
      {body}
    </Modal>
  );
}
