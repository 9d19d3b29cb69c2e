import { useParams } from 'react-router';
import { lazyPart } from '../../../shell/app/lazy-chunk';
import { FullPageLoading } from '../../../shell/session/FullPageLoading';
import { useSession } from '../../../shell/session/session-context';
import { useAppRequestContext } from '../../apps/hooks/useAppRequestContext';

// The designer is its own chunk: people who only print never load it.
const PreviewPage = lazyPart(() => import('./PreviewPage').then((m) => m.PreviewPage), <FullPageLoading />);
const DesignerPage = lazyPart(() => import('./DesignerPage').then((m) => m.DesignerPage), <FullPageLoading />);

/**
 * The print sub-application (its own chunk, fetched when printing is first used):
 * /print/:appCode/:schemaCode?ids=&template= previews records and prints them (browser or PDF),
 * /print/:appCode/:schemaCode/templates designs the table's print templates. The router's
 * AppAccessGate has run the app access check; the server decides every right again.
 */
export function PrintPage() {
  const { appCode = '', schemaCode = '', '*': sub = '' } = useParams();
  const context = useAppRequestContext(appCode);
  const { current } = useSession();
  if (!context.ready || !current || !schemaCode) return <FullPageLoading />;
  return sub === 'templates' ? <DesignerPage /> : <PreviewPage />;
}
