import { useParams } from 'react-router';
import { useSession } from '../../shell/session/session-context';

/** The team and table the print sub-application's address names. */
export function usePrintTable(): { engineCode: string; p: { appCode: string; schemaCode: string } } {
  const { appCode = '', schemaCode = '' } = useParams();
  const { current } = useSession();
  return { engineCode: current?.engineCode ?? '', p: { appCode, schemaCode } };
}
