import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from '../error-pages/RouteErrorPage';
import { BasicLayout } from '../layout/BasicLayout';
import { RedirectHome, RedirectTodos } from '../navigation/RedirectHome';
import { FullPageLoading } from '../session/FullPageLoading';
import { SessionRoot } from '../session/SessionRoot';
import { lazyRoute } from './lazy-chunk';
import { RootFrame } from './RootFrame';

/**
 * A lazily loaded page: its code is fetched the first time the route is visited; if it fails or
 * has not arrived after 120 s, the route shows the error with a retry (spec §8/§9).
 */
function page(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: lazyRoute(load) };
}

/** The workbench: its texts are bundled with the shell's, so it fetches only its code. */
const HomePage: Pick<RouteObject, 'lazy'> = {
  lazy: lazyRoute(() => import('../../features/home/pages/HomePage').then((m) => m.HomePage), false),
};
const AppPage = page(() => import('../../features/apps/pages/AppPage').then((m) => m.AppPage));
const WorkflowPage = page(() => import('../../features/workflow/pages/WorkflowPage').then((m) => m.WorkflowPage));
/** The print sub-application: its own chunk, fetched when printing is first used. */
const PrintPage = page(() => import('../../features/print/pages/PrintPage').then((m) => m.PrintPage));
/** Parent of the app sub-applications: the app access check runs first, as for /app/:appCode. */
const AppAccessGate = page(() => import('../../features/apps/components/AppAccessGate').then((m) => m.AppAccessGate));

/** Spec §2 routes (history mode). Error pages sit outside the session so they can never loop. */
const routes: RouteObject[] = [
  {
    element: <RootFrame />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullPageLoading />,
    children: [
      { index: true, element: <RedirectHome /> },
      { path: 'dashboard', element: <RedirectHome /> },
      {
        path: 'appNotFound',
        ...page(() => import('../error-pages/AppUnavailablePage').then((m) => m.AppUnavailablePage)),
      },
      { path: 'engineNotFound', ...page(() => import('../error-pages/NoTeamPage').then((m) => m.NoTeamPage)) },
      { path: '403', ...page(() => import('../error-pages/ForbiddenPage').then((m) => m.ForbiddenPage)) },
      {
        path: 'appAccessCheckFailed',
        ...page(() => import('../error-pages/AccessCheckFailedPage').then((m) => m.AccessCheckFailedPage)),
      },
      {
        element: <SessionRoot />,
        children: [
          // Pages without the basic header.
          {
            path: 'expired/engine/export-corp-data',
            ...page(() => import('../../features/export/pages/ExportCorpDataPage').then((m) => m.ExportCorpDataPage)),
          },
          // One app page for the app and its menu items, so moving between items keeps the app
          // (and its access check) in place; the children only name the item and view.
          {
            path: 'app/:appCode',
            ...AppPage,
            // settings: the app's settings page (a static segment ranks above an item's code).
            children: [
              { path: 'settings' },
              { path: 'settings/:section' },
              { path: ':schemaCode' },
              { path: ':schemaCode/:viewCode' },
            ],
          },
          {
            ...AppAccessGate,
            children: [
              { path: 'workflow/:appCode/*', ...WorkflowPage },
              { path: 'print/:appCode/:schemaCode/*', ...PrintPage },
            ],
          },
          {
            element: <BasicLayout />,
            children: [
              { path: 'home', ...HomePage },
              { path: 'todos', element: <RedirectTodos /> },
              {
                path: 'todos/:taskType/*',
                ...page(() => import('../../features/todos/pages/TodosPage').then((m) => m.TodosPage)),
              },
              {
                path: 'members',
                ...page(() => import('../../features/members/pages/MembersPage').then((m) => m.MembersPage)),
              },
              {
                path: 'notice',
                ...page(() => import('../../features/notices/pages/NoticePage').then((m) => m.NoticePage)),
              },
              {
                path: 'notice/detail',
                ...page(() => import('../../features/notices/pages/NoticeDetailPage').then((m) => m.NoticeDetailPage)),
              },
              {
                path: 'team/create',
                ...page(() => import('../../features/team/pages/TeamCreatePage').then((m) => m.TeamCreatePage)),
              },
              {
                path: 'corp/manage',
                ...page(() => import('../../features/corp/pages/CorpManagePage').then((m) => m.CorpManagePage)),
              },
              // A shared app's link (issue 12): its preview and install into the current team.
              {
                path: 'share/:token',
                ...page(() => import('../../features/templates/pages/SharedAppPage').then((m) => m.SharedAppPage)),
              },
              {
                path: 'applog',
                ...page(() => import('../../features/applog/pages/ApplogPage').then((m) => m.ApplogPage)),
              },
              {
                ...AppAccessGate,
                children: [
                  { path: 'workflow/:appCode', ...WorkflowPage },
                  // An app's automations and their designer (issue 28).
                  {
                    path: 'automations/:appCode/*',
                    ...page(() =>
                      import('../../features/automations/pages/AutomationsPage').then((m) => m.AutomationsPage),
                    ),
                  },
                  {
                    path: 'datasource/:appCode',
                    ...page(() =>
                      import('../../features/datasource/pages/DatasourcePage').then((m) => m.DatasourcePage),
                    ),
                  },
                ],
              },
              // The help center: product documentation, kept in private deployments too.
              {
                path: 'help',
                ...page(() => import('../../features/help/pages/HelpCenterPage').then((m) => m.HelpCenterPage)),
              },
              {
                path: 'help/:slug',
                ...page(() => import('../../features/help/pages/HelpArticlePage').then((m) => m.HelpArticlePage)),
              },
              {
                path: 'feedback',
                ...page(() => import('../../features/feedback/pages/FeedbackPage').then((m) => m.FeedbackPage)),
              },
            ],
          },
        ],
      },
      { path: '*', ...page(() => import('../error-pages/NotFoundPage').then((m) => m.NotFoundPage)) },
    ],
  },
];

export const router = createBrowserRouter(routes);
