import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/Loader';
import { RouteError } from '../components/RouteError';
import { PageViewTracker } from './PageViewTracker';
import { PublicOrShell } from './PublicOrShell';
import { PublicLayout } from '../features/public/PublicLayout';
import { Shell, type RouteHandle } from './Shell';
import { MaintenanceScreen, UpdateRequiredDialog } from './StatusDialogs';
import { useAppStatus } from '../api/hooks';
import { changelogQuery, currentUserQuery, maintenanceQuery, offersQuery } from '../api/queries';
import { projectListParams, projectsQuery } from '../features/projects/queries';
import { prefetching } from './queryClient';

function Root() {
  const { maintenanceReload } = useAppStatus();
  return (
    <>
      <PageViewTracker />
      <UpdateRequiredDialog />
      {maintenanceReload ? <MaintenanceScreen /> : <Outlet />}
    </>
  );
}

/** A renamed path: the query and the anchor (a statistic's help, `#EXT`) follow. */
function RedirectKeepingHash({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={`${to}${search}${hash}`} replace />;
}

const noFooter: RouteHandle = { noFooter: true };

const publicPage = (name: 'FrontPage' | 'DemoPage' | 'FeaturesPage') => async () => {
  const pages = await import('../features/public/pages');
  return { Component: pages[name] };
};

/**
 * The route table of spec 000 §2.1. Features of later issues add their pages to the signed-in children;
 * until then their paths fall to the catch-all, which goes home.
 */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    // Shown while a lazy route (the project pages) loads on a first visit.
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        // the sign-in form (react-hook-form, zod resolver) is not part of a signed-in user's first page
        path: '/login',
        lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }),
      },
      {
        path: '/registration',
        lazy: async () => ({
          Component: (await import('../features/auth/RegistrationPage')).RegistrationPage,
        }),
      },
      {
        path: '/registration/activate',
        lazy: async () => ({ Component: (await import('../features/auth/ActivationPage')).ActivationPage }),
      },
      {
        path: '/accounts/password/reset',
        lazy: async () => ({
          Component: (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage,
        }),
      },
      {
        path: '/accounts/password/reset/confirm',
        lazy: async () => ({
          Component: (await import('../features/auth/ResetPasswordConfirmPage')).ResetPasswordConfirmPage,
        }),
      },
      { path: '/load', element: <FullPageLoader /> },
      {
        // The public pages (spec 000 §2.1): reachable signed out; their bar adapts to a signed-in visitor.
        element: <PublicLayout />,
        errorElement: <RouteError />,
        children: [
          { path: '/front', lazy: publicPage('FrontPage') },
          { path: '/demo', lazy: publicPage('DemoPage') },
          { path: '/features', lazy: publicPage('FeaturesPage') },
        ],
      },
      {
        // Pages that need no account: in the shell when signed in, in the public frame otherwise.
        element: <PublicOrShell />,
        children: [
          {
            errorElement: <RouteError inShell />,
            children: [
              {
                path: '/help/statistics',
                lazy: async () => ({
                  Component: (await import('../features/examples/ExamplesPage')).ExamplesPage,
                }),
              },
              // One page, one name (issue 35): the spec's /examples leads to it, anchor kept.
              { path: '/examples', element: <RedirectKeepingHash to="/help/statistics" /> },
              // Help for prospects (issue 35): how downtime is computed is readable before signing up.
              {
                path: '/help/faq',
                lazy: async () => ({ Component: (await import('../features/help/FaqPage')).FaqPage }),
              },
              {
                path: '/help/advanced_weather_downtime',
                lazy: async () => ({
                  Component: (await import('../features/downtime/GuidePage')).GuidePage,
                }),
              },
            ],
          },
        ],
      },
      {
        element: <Shell />,
        // what the shell shows first, asked for as soon as the session has its token (issue 34)
        ...prefetching((client) => {
          void client.prefetchQuery(currentUserQuery);
          void client.prefetchQuery(maintenanceQuery);
          void client.prefetchQuery(changelogQuery);
        }),
        children: [
          {
            // A page that crashes keeps the shell around its error.
            errorElement: <RouteError inShell />,
            children: [
              {
                // a route like the others (issue 34): its chunk loads while the shell restores the session,
                // and its lists are asked for with the signed-in user, not after it
                path: '/',
                ...prefetching((client, request) => {
                  const { ordering, search } = projectListParams(new URL(request.url).searchParams);
                  void client.prefetchQuery(projectsQuery(ordering, search));
                  void client.prefetchQuery(offersQuery);
                }),
                lazy: async () => ({ Component: (await import('../features/home/HomePage')).HomePage }),
              },
              // Project pages load on demand: the first page stays small (issue 6: < 300 kB gzipped).
              {
                path: '/new_project',
                handle: noFooter,
                lazy: async () => ({
                  Component: (await import('../features/projects/NewProjectPage')).NewProjectPage,
                }),
              },
              {
                path: '/project/:id',
                lazy: async () => ({
                  Component: (await import('../features/projects/ProjectPage')).ProjectLayout,
                }),
                children: [
                  {
                    // the project page of a marine contractors dashboard (spec 001 §2.1, §2.6)
                    index: true,
                    lazy: async () => ({
                      Component: (await import('../features/contractors/ContractorsWizard'))
                        .ContractorsWizard,
                    }),
                  },
                  {
                    path: 'query',
                    lazy: async () => ({
                      Component: (await import('../features/projects/QueryTab')).QueryTab,
                    }),
                  },
                  {
                    path: 'analyze',
                    lazy: async () => ({
                      Component: (await import('../features/analyze/AnalyzeTab')).AnalyzeTab,
                    }),
                  },
                  {
                    path: 'report',
                    lazy: async () => ({
                      Component: (await import('../features/report/ReportTab')).ReportTab,
                    }),
                  },
                ],
              },
              {
                path: '/profile',
                lazy: async () => ({
                  Component: (await import('../features/profile/ProfilePage')).ProfilePage,
                }),
              },
              {
                path: '/people',
                lazy: async () => ({ Component: (await import('../features/team/TeamPage')).TeamPage }),
              },
              {
                path: '/account',
                lazy: async () => ({
                  Component: (await import('../features/account/AccountPage')).AccountPage,
                }),
              },
              {
                path: '/account/alpha-tables',
                lazy: async () => ({
                  Component: (await import('../features/alpha/AlphaTablesPage')).AlphaTablesPage,
                }),
              },
              {
                path: '/select_zone',
                lazy: async () => ({
                  Component: (await import('../features/projects/SelectZonePage')).SelectZonePage,
                }),
              },
              {
                path: '/catalog/:id',
                lazy: async () => ({
                  Component: (await import('../features/catalog/CatalogPage')).CatalogPage,
                }),
              },
              {
                path: '/plans',
                lazy: async () => ({ Component: (await import('../features/plans/PlansPage')).PlansPage }),
              },
              {
                path: '/changelog',
                lazy: async () => ({
                  Component: (await import('../features/changelog/ChangelogPage')).ChangelogPage,
                }),
                handle: noFooter,
              },
              {
                path: '/downtime/:id',
                lazy: async () => ({
                  Component: (await import('../features/downtime/DashboardPage')).DashboardPage,
                }),
              },
              {
                path: '/downtime/:id/upload',
                lazy: async () => ({
                  Component: (await import('../features/downtime/UploadPage')).UploadPage,
                }),
              },
              {
                path: '/downtime/:id/results/:planningId',
                lazy: async () => ({
                  Component: (await import('../features/downtime/ResultsPage')).ResultsPage,
                }),
              },
              {
                path: '/downtime/:id/comparison',
                lazy: async () => ({
                  Component: (await import('../features/downtime/ComparisonPage')).ComparisonPage,
                }),
              },
              { path: '/usage', element: <Navigate to="/usage/customers" replace /> },
              {
                path: '/usage/:tab',
                lazy: async () => ({
                  Component: (await import('../features/usage/UsagePage')).UsagePage,
                }),
              },
              {
                path: '/usage/:tab/:id',
                lazy: async () => ({
                  Component: (await import('../features/usage/UsageDetailPage')).UsageDetailPage,
                }),
              },
              {
                path: '/data-validation/:id',
                lazy: async () => ({
                  Component: (await import('../features/validation/ValidationPage')).ValidationPage,
                }),
              },
              {
                path: '/help/:url',
                lazy: async () => ({ Component: (await import('../features/help/FlatPage')).FlatPage }),
              },
              {
                path: '/admin',
                lazy: async () => ({ Component: (await import('../features/admin/AdminPage')).AdminPage }),
              },
              {
                path: '/hijack',
                lazy: async () => ({ Component: (await import('../features/admin/HijackPage')).HijackPage }),
              },
              { path: '*', element: <Navigate to="/" replace /> },
            ],
          },
        ],
      },
    ],
  },
];
