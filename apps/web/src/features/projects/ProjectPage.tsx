import { Link as RouterLink, Navigate, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import type { Project } from '@metocean/contracts';
import { ApiError, errorMessage } from '../../api/client';
import { EmptyState } from '../../components/EmptyState';
import { FullPageLoader } from '../../components/Loader';
import { ShareProjectButton } from '../team/ShareProjectButton';
import { useProject } from './queries';
import { statusColour, statusLabel } from './rules';

/** Project menu bar height (spec 000 §9). */
const menuBarHeight = 60;

export interface ProjectContext {
  project: Project;
}

export function useProjectContext(): ProjectContext {
  return useOutletContext<ProjectContext>();
}

/**
 * The project layout (spec 000 §2.2, §2.6): menu bar with name, status, workzone, data validation and the
 * downtime link when allowed; the three numbered tabs; a loader; a project not shared with the caller says so.
 */
export function ProjectLayout() {
  const { id } = useParams();
  const projectId = Number(id);
  const location = useLocation();
  const { data: project, error, isPending } = useProject(projectId);

  if (!Number.isInteger(projectId) || projectId <= 0) return <Navigate to="/" replace />;
  if (error) {
    // A member sent a link to a project not shared with them is told so, not bounced home (issue 30);
    // the words do not say whether the project exists (the server answers 404 either way).
    if (error instanceof ApiError && [403, 404].includes(error.status))
      return (
        <EmptyState
          kind="projectNotShared"
          action={
            <Button component={RouterLink} to="/" variant="contained">
              Go to my projects
            </Button>
          }
        />
      );
    return <Alert severity="error">{errorMessage(error)}</Alert>;
  }
  if (isPending) return <FullPageLoader />;

  const base = `/project/${project.id}`;
  const tab = location.pathname.split('/')[3] ?? '';
  if (tab === '' && !project.isMcDashboard) return <Navigate to={`${base}/query`} replace />;
  const finished = project.status.toUpperCase() === 'FINISHED';
  const running = project.status.toUpperCase() === 'RUNNING';
  const noResults = project.computations.length === 0 || project.points.length === 0;

  return (
    <Stack spacing={0} sx={{ mx: { xs: -2, md: -4 }, my: -3 }}>
      <Paper
        square
        variant="outlined"
        sx={{
          height: menuBarHeight,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: 3,
          borderLeft: 0,
          borderRight: 0,
        }}
      >
        <Typography variant="h2" component="h1" noWrap data-testid="project-name">
          {project.name}
        </Typography>
        {!project.isMcDashboard && (
          <Chip
            size="small"
            data-testid="project-status"
            color={statusColour(project.status)}
            label={statusLabel(project.status)}
          />
        )}
        {project.offerInstance.isTrial && <Chip size="small" variant="outlined" label="Trial" />}
        {project.offerInstance.expired && <Chip size="small" color="warning" label="Offer expired" />}
        <Box sx={{ flex: 1 }} />
        <Link component={RouterLink} to={finished ? `${base}/analyze` : base} underline="hover">
          workzone
        </Link>
        <Link component={RouterLink} to={`/data-validation/${project.id}`} underline="hover">
          data validation
        </Link>
        <Link component={RouterLink} to={`/catalog/${project.id}`} underline="hover">
          datasets
        </Link>
        {project.canRunDowntime && (
          <Link component={RouterLink} to={`/downtime/${project.id}`} underline="hover">
            advanced weather downtime
          </Link>
        )}
        <ShareProjectButton project={project} />
      </Paper>
      {running && (
        <LinearProgress
          variant="determinate"
          value={project.progress}
          aria-label="Computation progress"
          sx={{ height: 4 }}
        />
      )}
      {/* a contractors dashboard lands on its wizard and keeps a tab to it beside the points' (issue 30) */}
      <Tabs
        value={['query', 'analyze', 'report'].includes(tab) ? tab : project.isMcDashboard ? '' : 'query'}
        sx={{ px: 3, bgcolor: 'background.paper' }}
      >
        {project.isMcDashboard && (
          <Tab value="" label="Contractors wizard" component={RouterLink} to={base} />
        )}
        <Tab value="query" label="1. Query" component={RouterLink} to={`${base}/query`} />
        <Tab
          value="analyze"
          label="2. Analyze"
          component={RouterLink}
          to={`${base}/analyze`}
          disabled={noResults}
        />
        {project.canBuildReport && (
          <Tab
            value="report"
            label="3. Report"
            component={RouterLink}
            to={`${base}/report`}
            disabled={noResults}
          />
        )}
      </Tabs>
      <Box sx={{ px: { xs: 2, md: 3 }, py: 2 }}>
        <Outlet context={{ project } satisfies ProjectContext} />
      </Box>
    </Stack>
  );
}
