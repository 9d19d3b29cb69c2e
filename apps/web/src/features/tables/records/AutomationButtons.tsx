import { type AutomationButton, AutomationEndpoints } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shell/api/client';
import { tableKeys } from '../api/tables-api';

/** One empty list: a new one per render would redraw every grid row that reads the buttons. */
const NONE: AutomationButton[] = [];

interface Props {
  engineCode: string;
  p: { appCode: string; schemaCode: string };
  recordId: string;
}

/**
 * The automations' buttons the member sees on a table's records (issue 28), and pressing one: a
 * press asks its confirmation text first if it has one, runs the automation on the record, and
 * says how its run ended (the server waits a while for it). One query per table, shared by the
 * record's detail and the grid's row menus.
 */
export function useAutomationButtons(engineCode: string, p: { appCode: string; schemaCode: string }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [pressing, setPressing] = useState<{ automationId: string; recordId: string } | null>(null);
  const buttons = useQuery({
    queryKey: [...tableKeys.table(engineCode, p.appCode, p.schemaCode), 'automation-buttons'],
    queryFn: () => call(AutomationEndpoints.buttons, { params: p, errors: 'inline' }),
    retry: false,
  });

  const press = useCallback(
    async (b: AutomationButton, recordId: string) => {
      setPressing({ automationId: b.automationId, recordId });
      try {
        const run = await call(AutomationEndpoints.press, {
          params: { appCode: p.appCode, automationId: b.automationId },
          body: { recordId },
        });
        if (run.status === 'done') message.success(t('tables.automationDone', { label: b.label }));
        else if (run.status === 'failed' || run.status === 'stopped' || run.status === 'skipped')
          message.error(t('tables.automationFailed', { label: b.label, error: run.error ?? '' }));
        else message.info(t('tables.automationRunning', { label: b.label }));
        // What the run wrote shows at once.
        await queryClient.invalidateQueries({ queryKey: tableKeys.table(engineCode, p.appCode, p.schemaCode) });
      } finally {
        setPressing(null);
      }
    },
    [engineCode, p.appCode, p.schemaCode, message, queryClient, t],
  );

  /** Asks the button's confirmation text (if any), then presses it on the record. */
  const trigger = useCallback(
    (b: AutomationButton, recordId: string) => {
      if (!b.confirm) return void press(b, recordId);
      modal.confirm({
        title: b.label,
        content: b.confirm,
        okText: t('tables.automationPress'),
        onOk: () => press(b, recordId),
      });
    },
    [modal, press, t],
  );

  return { buttons: buttons.data ?? NONE, pressing, trigger };
}

/** The buttons in the record's detail. */
export function AutomationButtons({ engineCode, p, recordId }: Props) {
  const { buttons, pressing, trigger } = useAutomationButtons(engineCode, p);
  return buttons.map((b) => (
    <Button
      key={b.automationId}
      loading={pressing?.automationId === b.automationId}
      disabled={pressing !== null && pressing.automationId !== b.automationId}
      onClick={() => trigger(b, recordId)}
      data-testid="automation-button"
    >
      {b.label}
    </Button>
  ));
}
