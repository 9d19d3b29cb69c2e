import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of the element the skip link moves focus to: the page's main landmark. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content" (WCAG 2.4.1): the first stop of the Tab order, shown only while it has
 * focus. Focus moves by script rather than by the fragment, so the address keeps no `#main-content`
 * for the router to read.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="canopy-skip-link" onClick={skip} data-testid="skip-link">
      {t('header.skipToContent')}
    </a>
  );
}
