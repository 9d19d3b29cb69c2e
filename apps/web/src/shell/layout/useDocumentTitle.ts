import { useEffect } from 'react';

/** Sets the browser tab title to the page's own title (spec §2: /home is titled Workbench). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
