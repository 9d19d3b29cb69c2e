import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shell/api/api-error';
import { errorText } from '../../../shell/api/form-errors';
import { useSession } from '../../../shell/session/session-context';
import { workflowKeys } from '../api/workflow-api';

export type ActionCode =
  | 'submit'
  | 'save'
  | 'approve'
  | 'reject'
  | 'revert'
  | 'resume'
  | 'withdraw'
  | 'terminate'
  | 'transfer'
  | 'addSigner'
  | 'cc'
  | 'comment'
  | 'read';

interface Handlers {
  /** A refused comment (required, or not taken at this node): shown under the comment box. */
  onCommentError: (message: string) => void;
  /** Field messages about the record: shown on the form. */
  onFormError: (error: unknown) => void;
  /** After any outcome that changed or may have changed the instance. */
  onChanged: () => Promise<void> | void;
}

/**
 * Runs one workflow action: a busy flag per action, a success toast, every open view of runs and
 * the table's lists refreshed. A task someone else already handled (409) says so plainly and the
 * view reloads to show where the flow stands now.
 */
export function useFlowAction(tableKey: readonly unknown[], handlers: Handlers) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const engineCode = useSession().current?.engineCode ?? '';
  const [busy, setBusy] = useState<ActionCode | null>(null);

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: workflowKeys.instances(engineCode) }),
      // The home panel, the badge and the to-do lists (all keyed under ['todos']).
      queryClient.invalidateQueries({ queryKey: ['todos'] }),
      queryClient.invalidateQueries({ queryKey: tableKey }),
    ]);
    await handlers.onChanged();
  };

  const run = async (code: ActionCode, call: () => Promise<unknown>): Promise<boolean> => {
    setBusy(code);
    try {
      await call();
      message.success(t(`workflow.done.${code}`));
      await refresh();
      return true;
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        modal.warning({
          title: error.errorMessage || t('workflow.approval.handled'),
          content: t('workflow.approval.handledHint'),
        });
        await refresh();
      } else if (isApiError(error) && error.fieldErrors.some((f) => f.field === 'comment')) {
        handlers.onCommentError(error.fieldErrors.find((f) => f.field === 'comment')?.message ?? '');
      } else if (isApiError(error) && error.fieldErrors.length) {
        handlers.onFormError(error);
      } else {
        message.error(errorText(error));
      }
      return false;
    } finally {
      setBusy(null);
    }
  };

  return { busy, run };
}
