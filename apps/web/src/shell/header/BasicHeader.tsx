import { Flex, Layout } from 'antd';
import { ProductLogo } from '../layout/ProductLogo';
import { AppLink } from '../navigation/AppLink';
import { useSession } from '../session/session-context';
import { HeaderActions } from './HeaderActions';
import { HeaderTabs } from './HeaderTabs';
import { TeamDropdown } from './TeamDropdown';

/**
 * The basic header (spec §2): team dropdown left, Workbench / Address book centre, actions right.
 * This is the only header on /home, so the app-type header's own items never appear twice there.
 */
export function BasicHeader() {
  const { current } = useSession();
  return (
    <Layout.Header
      data-testid="app-header"
      style={{
        display: 'grid',
        gridTemplateColumns: '1fr auto 1fr',
        alignItems: 'center',
        borderBottom: '1px solid rgba(5,5,5,0.06)',
        flex: 'none',
      }}
    >
      <Flex align="center" gap={12} style={{ minWidth: 0 }}>
        <AppLink to="/home" aria-label="Canopy" style={{ lineHeight: 0 }}>
          <ProductLogo showName={false} />
        </AppLink>
        <TeamDropdown />
      </Flex>
      {current ? <HeaderTabs /> : <span />}
      <Flex justify="flex-end">
        <HeaderActions />
      </Flex>
    </Layout.Header>
  );
}
