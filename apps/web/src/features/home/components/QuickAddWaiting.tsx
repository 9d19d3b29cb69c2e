import { Drawer, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { PlainResult } from '../../../shell/layout/PlainResult';

/** The quick-add drawer while its chunk, the app's context or the table load (or when one failed). */
export function QuickAddWaiting({ onClose, error }: { onClose: () => void; error?: unknown }) {
  const { t } = useTranslation();
  return (
    <Drawer open width={720} title={t('tables.addTitle')} onClose={onClose} data-testid="record-drawer">
      {error ? <PlainResult status="error" title={errorText(error)} /> : <Skeleton active />}
    </Drawer>
  );
}
