import { lazy, Suspense } from 'react';
import { QuickAddWaiting } from './QuickAddWaiting';

/** The table's services: the waiting drawer shows while they load, or says why they did not. */
const QuickAddDrawer = lazy(() =>
  import('./QuickAddDrawer').catch((error: unknown) => ({
    default: ({ onClose }: { onClose: () => void }) => <QuickAddWaiting onClose={onClose} error={error} />,
  })),
);

interface QuickAddHostProps {
  appCode: string;
  schemaCode: string;
  onClose: () => void;
}

/**
 * Quick add's drawer (ShortcutsSection), in its own chunk with the waiting drawer: /home loads antd's
 * drawer only when a quick-add shortcut is used (the shortcuts section opens it with `lazyDialog`,
 * which also brings the tables' texts).
 */
export function QuickAddHost({ appCode, schemaCode, onClose }: QuickAddHostProps) {
  return (
    <Suspense fallback={<QuickAddWaiting onClose={onClose} />}>
      <QuickAddDrawer appCode={appCode} schemaCode={schemaCode} onClose={onClose} />
    </Suspense>
  );
}
