// What every AWD page shares: the project from the URL (a loader meanwhile; an inaccessible project goes
// home, as the project page does, spec 001 §2.1) and the page header with the way back.
import type { ReactNode } from 'react';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Project } from '@metocean/contracts';
import { ApiError, errorMessage } from '../../api/client';
import { FullPageLoader } from '../../components/Loader';
import { useProject } from '../projects/queries';
import { ShareProjectButton } from '../team/ShareProjectButton';

export function DowntimeFrame({ children }: { children: (project: Project) => ReactNode }) {
  const { id } = useParams();
  const projectId = Number(id);
  const valid = Number.isInteger(projectId) && projectId > 0;
  const { data: project, error, isPending } = useProject(valid ? projectId : 0);
  if (!valid) return <Navigate to="/" replace />;
  if (error) {
    if (error instanceof ApiError && [403, 404].includes(error.status)) return <Navigate to="/" replace />;
    return <Alert severity="error">{errorMessage(error)}</Alert>;
  }
  if (isPending) return <FullPageLoader />;
  return <>{children(project)}</>;
}

export function DowntimeHeader({
  project,
  title,
  trail = [],
  actions,
}: {
  project: Project;
  title: string;
  trail?: { to: string; label: string }[];
  actions?: ReactNode;
}) {
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-end', gap: 2, mb: 2 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Breadcrumbs sx={{ fontSize: 13 }}>
          <Link component={RouterLink} to={`/project/${project.id}`} underline="hover">
            {project.name}
          </Link>
          {trail.map((step) => (
            <Link key={step.to} component={RouterLink} to={step.to} underline="hover">
              {step.label}
            </Link>
          ))}
        </Breadcrumbs>
        <Typography variant="h1" noWrap>
          {title}
        </Typography>
      </Box>
      {actions}
      <ShareProjectButton project={project} />
    </Stack>
  );
}
