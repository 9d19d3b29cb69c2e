import { App } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The table page's open tab. Leaving the form canvas with unsaved edits asks first: the tabs are
 * destroyed when hidden, so the draft would be gone without a word.
 */
export function useDesignerTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [tab, setTab] = useState('data');
  const formDirty = useRef(false);
  const switchTab = (next: string) => {
    if (tab !== 'form' || !formDirty.current || next === 'form') {
      setTab(next);
      return;
    }
    modal.confirm({
      title: t('tables.canvas.leaveTitle'),
      content: t('tables.canvas.leaveHint'),
      okText: t('tables.canvas.leave'),
      okButtonProps: { danger: true },
      onOk: () => {
        formDirty.current = false;
        setTab(next);
      },
    });
  };
  return {
    tab,
    switchTab,
    onFormDirty: (dirty: boolean) => {
      formDirty.current = dirty;
    },
  };
}
