import { CloudUploadOutlined, DeleteOutlined, FileZipOutlined } from '@ant-design/icons';
import { PackageLimits, type UpgradeMatch, type UpgradePreview } from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Flex, Modal, Progress, Radio, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shell/api/api-error';
import { errorText, failureReason } from '../../../shell/api/form-errors';
import { useSession } from '../../../shell/session/session-context';
import { appKeys } from '../api/apps-api';
import { packagesApi, uploadPackage } from '../api/packages-api';
import { UpgradeChanges } from './UpgradeChanges';

type UploadState =
  | { kind: 'none' }
  | { kind: 'uploading'; name: string; percent: number }
  | { kind: 'uploaded'; name: string; packagePath: string; matches: UpgradeMatch[] };

/** An upload of the same origin as an installed app: upgrade it (its code) or install as new (''). */
const NEW_APP = '';

/**
 * 导入安装包 (spec §4/§5): one zip of at most 50 MB, uploaded at once with progress (simulated up to
 * 95 %, the real figure beyond it); 安装 starts the install task, polled every 5 s until it ends.
 * A package of an app installed in this team (same origin) may upgrade it instead: the server's diff
 * is shown first, and 升级 runs the upgrade as a task polled the same way.
 */
export function ImportPackageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { current } = useSession();
  const [upload, setUpload] = useState<UploadState>({ kind: 'none' });
  const [withBizData, setWithBizData] = useState(true);
  const [taskId, setTaskId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const simulated = useRef<ReturnType<typeof setInterval> | null>(null);
  const alive = useRef(true);
  /** An upload answered after the file was removed (or the dialog closed) is ignored. */
  const generation = useRef(0);
  const [progress, setProgress] = useState(0);
  /** The app to upgrade, or NEW_APP to install as a new one. */
  const [target, setTarget] = useState(NEW_APP);
  const [preview, setPreview] = useState<UpgradePreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const uploadedPath = upload.kind === 'uploaded' ? upload.packagePath : '';

  useEffect(() => {
    setPreview(null);
    if (!uploadedPath || target === NEW_APP) return;
    let stale = false;
    setPreviewing(true);
    packagesApi
      .upgradePreview(uploadedPath, target)
      .then((p) => {
        if (!stale) setPreview(p);
      })
      .catch((error: unknown) => {
        if (stale) return;
        setTarget(NEW_APP);
        message.error(isApiError(error) ? errorText(error) : t('packages.upgradeFailed'));
      })
      .finally(() => {
        if (!stale) setPreviewing(false);
      });
    return () => {
      stale = true;
    };
  }, [uploadedPath, target, message, t]);

  const stopSimulation = () => {
    if (simulated.current) clearInterval(simulated.current);
    simulated.current = null;
  };
  useEffect(
    () => () => {
      alive.current = false;
      if (simulated.current) clearInterval(simulated.current);
    },
    [],
  );

  const reset = () => {
    generation.current += 1;
    stopSimulation();
    setUpload({ kind: 'none' });
    setTaskId(null);
    setStarting(false);
    setTarget(NEW_APP);
  };

  const start = (file: File) => {
    if (!/\.zip$/i.test(file.name)) {
      message.error(t('packages.notZip'));
      return;
    }
    if (file.size > PackageLimits.uploadMaxBytes) {
      message.error(t('packages.tooLarge'));
      return;
    }
    let real = 0;
    let shown = 0;
    setUpload({ kind: 'uploading', name: file.name, percent: 0 });
    stopSimulation();
    // Spec §4: the bar moves on its own up to 95 %; the real figure takes over beyond it.
    simulated.current = setInterval(() => {
      shown = Math.min(95, Math.max(shown + Math.max(1, Math.round((95 - shown) / 10)), real));
      setUpload((u) => (u.kind === 'uploading' ? { ...u, percent: Math.max(shown, Math.min(real, 99)) } : u));
    }, 200);
    const mine = generation.current;
    uploadPackage(file, (percent) => {
      real = percent;
    })
      .then((done) => {
        if (mine !== generation.current) return;
        stopSimulation();
        setUpload({ kind: 'uploaded', name: file.name, packagePath: done.packagePath, matches: done.matches });
        // Spec: a package of an installed app offers to upgrade it first.
        setTarget(done.matches[0]?.appCode ?? NEW_APP);
      })
      .catch((error: unknown) => {
        if (mine !== generation.current) return;
        stopSimulation();
        setUpload({ kind: 'none' });
        // Spec §8: 上传失败, or the server's message when it gave one.
        message.error(failureReason(error) || t('packages.uploadFailed'));
      });
  };

  const install = async () => {
    if (upload.kind === 'uploading') {
      message.warning(t('packages.waitUpload'));
      return;
    }
    if (upload.kind !== 'uploaded') {
      message.warning(t('packages.uploadFirst'));
      return;
    }
    const upgrading = target !== NEW_APP;
    if (upgrading) {
      if (!preview || preview.refusal) return;
      const confirmed = await modal.confirm({
        title: t('packages.confirmUpgrade', { name: preview.appName }),
        content: preview.changes.some((c) => c.dataLoss)
          ? t('packages.confirmDataLoss')
          : t('packages.upgradeKeepsRecords'),
        okText: t('packages.upgrade'),
        okButtonProps: { danger: preview.changes.some((c) => c.dataLoss), 'data-testid': 'package-upgrade-confirm' },
      });
      if (!confirmed) return;
    }
    setStarting(true);
    try {
      const started = upgrading
        ? await packagesApi.upgrade(upload.packagePath, target)
        : await packagesApi.install(upload.packagePath, withBizData);
      setTaskId(started.taskId);
      setProgress(0);
      // Spec §4/§9: the task is asked every 5 s until it is completed.
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, PackageLimits.pollMs));
        if (!alive.current) return;
        const task = await packagesApi.task(started.taskId);
        setProgress(task.progress);
        if (!task.isCompleted) continue;
        if (task.state !== 'done') throw new Error(task.message);
        message.success(t(upgrading ? 'packages.upgraded' : 'packages.installed'));
        if (current) await queryClient.invalidateQueries({ queryKey: appKeys.list(current.engineCode) });
        reset();
        onClose();
        return;
      }
    } catch (error) {
      setTaskId(null);
      setStarting(false);
      if (!alive.current) return;
      // Spec §8: 安装失败 leads; the server's reason, if any, follows it.
      const reason = failureReason(error);
      const failed = t(upgrading ? 'packages.upgradeFailed' : 'packages.installFailed');
      message.error(reason ? t('packages.failedWithReason', { failed, reason }) : failed);
    }
  };

  const installing = starting || taskId !== null;
  const upgrading = target !== NEW_APP && upload.kind === 'uploaded';
  const matches = upload.kind === 'uploaded' ? upload.matches : [];
  return (
    <Modal
      open={open}
      title={t('packages.importTitle')}
      onCancel={() => {
        if (installing) return;
        reset();
        onClose();
      }}
      maskClosable={false}
      closable={!installing}
      footer={
        <Flex justify="end" gap={8}>
          <Button
            disabled={installing}
            onClick={() => {
              reset();
              onClose();
            }}
          >
            {t('common.cancel')}
          </Button>
          {upgrading ? (
            <Button
              type="primary"
              loading={installing}
              disabled={!preview || previewing || Boolean(preview.refusal)}
              onClick={() => void install()}
              data-testid="package-upgrade"
            >
              {installing ? t('packages.upgrading') : t('packages.upgrade')}
            </Button>
          ) : (
            <Button type="primary" loading={installing} onClick={() => void install()} data-testid="package-install">
              {installing ? t('packages.installing') : t('packages.install')}
            </Button>
          )}
        </Flex>
      }
      destroyOnHidden
    >
      <Flex vertical gap={16} data-testid="import-package-dialog">
        <Typography.Text type="secondary">
          {t(upgrading ? 'packages.upgradeIntro' : 'packages.importIntro')}
        </Typography.Text>
        {upload.kind === 'none' ? (
          <Upload.Dragger
            accept=".zip,application/zip"
            multiple={false}
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              start(file);
              return false;
            }}
            data-testid="package-upload"
          >
            <p className="ant-upload-drag-icon">
              <CloudUploadOutlined />
            </p>
            <p className="ant-upload-text">{t('packages.dropHint')}</p>
            <p className="ant-upload-hint">{t('packages.dropLimit')}</p>
          </Upload.Dragger>
        ) : (
          <Flex vertical gap={4} data-testid="package-file">
            <Flex align="center" gap={8}>
              <FileZipOutlined />
              <Typography.Text ellipsis style={{ flex: 1 }}>
                {upload.name}
              </Typography.Text>
              {upload.kind === 'uploaded' && <Typography.Text type="success">{t('packages.uploaded')}</Typography.Text>}
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('packages.remove')}
                disabled={installing}
                onClick={reset}
              />
            </Flex>
            <Progress
              percent={upload.kind === 'uploaded' ? 100 : upload.percent}
              size="small"
              status={upload.kind === 'uploaded' ? 'success' : 'active'}
              data-testid="package-upload-progress"
            />
          </Flex>
        )}
        {matches.length > 0 && (
          <Flex vertical gap={8}>
            <Typography.Text>{t('packages.sameOrigin')}</Typography.Text>
            <Radio.Group
              value={target}
              disabled={installing}
              onChange={(e) => setTarget(e.target.value as string)}
              data-testid="package-target"
            >
              <Flex vertical gap={4}>
                {matches.map((m) => (
                  <Radio key={m.appCode} value={m.appCode} data-testid={`package-target-${m.appCode}`}>
                    {t('packages.upgradeExisting', { name: m.name })}
                  </Radio>
                ))}
                <Radio value={NEW_APP} data-testid="package-target-new">
                  {t('packages.installAsNew')}
                </Radio>
              </Flex>
            </Radio.Group>
          </Flex>
        )}
        {upgrading ? (
          <>
            <Alert type="info" showIcon title={t('packages.upgradeKeepsRecords')} />
            <UpgradeChanges preview={preview} loading={previewing} />
          </>
        ) : (
          <Checkbox checked={withBizData} disabled={installing} onChange={(e) => setWithBizData(e.target.checked)}>
            {t('packages.withBizData')}
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {t('packages.withBizDataHint')}
            </Typography.Text>
          </Checkbox>
        )}
        {taskId !== null && <Progress percent={progress} status="active" data-testid="package-install-progress" />}
      </Flex>
    </Modal>
  );
}
