import { PackageLimits } from '@canopy/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { failureReason } from '../../../shell/api/form-errors';
import { useSession } from '../../../shell/session/session-context';
import { appKeys } from '../../apps/api/apps-api';
import { packagesApi } from '../../apps/api/packages-api';

/**
 * Runs an install (a template's or a shared app's): starts the task, asks for it every 5 s (spec §9)
 * until it is completed, then says 安装成功, refreshes the app list and opens the new app; 安装失败
 * (or the server's reason) otherwise.
 */
export function useInstallTask(onDone?: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { current } = useSession();
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState(0);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const run = async (start: () => Promise<{ taskId: string; appCode: string }>) => {
    setRunning(true);
    setProgress(0);
    try {
      const started = await start();
      setProgress(1);
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, PackageLimits.pollMs));
        if (!alive.current) return;
        const task = await packagesApi.task(started.taskId);
        setProgress(task.progress);
        if (!task.isCompleted) continue;
        if (task.state !== 'done') throw new Error(task.message);
        message.success(t('packages.installed'));
        if (current) await queryClient.invalidateQueries({ queryKey: appKeys.list(current.engineCode) });
        setRunning(false);
        onDone?.();
        navigate(`/app/${encodeURIComponent(task.appCode)}`);
        return;
      }
    } catch (error) {
      if (!alive.current) return;
      setRunning(false);
      // Spec §8: template install failure says 安装失败; the server's reason, if any, follows it.
      const reason = failureReason(error);
      const failed = t('packages.installFailed');
      message.error(reason ? t('packages.failedWithReason', { failed, reason }) : failed);
    }
  };
  return { run, running, progress };
}
