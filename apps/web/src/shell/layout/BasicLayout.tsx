import { Layout } from 'antd';
import { Suspense, useEffect } from 'react';
import { Outlet, useParams } from 'react-router';
import { requestContext } from '../api/request-context';
import { inPluginModal } from '../dialogs/plugin-modal';
import { BasicHeader } from '../header/BasicHeader';
import { ServiceWidget } from '../help/ServiceWidget';
import { FullPageLoading } from '../session/FullPageLoading';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

/**
 * Pages with the basic header (home, members, to-dos, notices …). The frame fills the viewport and
 * only the content scrolls, so the header and the popups anchored to it never drift apart.
 */
export function BasicLayout() {
  // Outside an app there is no app code and no admin mode (spec §4: cleared on returning home). A
  // page of one app under this header (the workflow designer) sets its own: effects run child first.
  const { appCode } = useParams();
  useEffect(() => {
    if (!appCode) requestContext.setAppCode(null);
  }, [appCode]);
  // Inside another page's plugin modal the page shows itself without the shell's frame.
  const framed = inPluginModal();
  return (
    <Layout style={{ height: '100vh' }}>
      {!framed && <SkipLink />}
      {!framed && <BasicHeader />}
      <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ overflowY: 'auto' }} data-testid="page-scroll">
        <Suspense fallback={<FullPageLoading />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      {!framed && <ServiceWidget />}
    </Layout>
  );
}
