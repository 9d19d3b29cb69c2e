import { Outlet } from 'react-router';
import { NavigationProgress } from '../layout/NavigationProgress';

/** Around every page: the loading bar for lazily loaded routes. */
export function RootFrame() {
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}
