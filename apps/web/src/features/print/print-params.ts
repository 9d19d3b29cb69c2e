import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../shell/session/session-context';

/** The team and table the print sub-application's address names. */
export function usePrintTable(): { engineCode: string; p: { appCode: string; schemaCode: string } } {
  const { appCode = '', schemaCode = '' } = useParams();
  const { current } = useSession();
  return { engineCode: current?.engineCode ?? '', p: { appCode, schemaCode } };
}

/** Back where the member came from (the table, or the preview the designer was opened from), else the table. */
export function useBack(p: { appCode: string; schemaCode: string }): () => void {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(`/app/${encodeURIComponent(p.appCode)}/${encodeURIComponent(p.schemaCode)}`);
  };
}
