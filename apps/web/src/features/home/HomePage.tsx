import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { specialOffers, type ProjectListItem } from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { useMe, useOffers } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { LabelledSelect, SearchBox } from '../../components/PlainFields';
import { LazyMenu } from '../../components/LazyMenu';
import { projectListParams, useCreateDemoProject, useProjects } from '../projects/queries';
import {
  autoSelectedOffer,
  availableOffers,
  projectCardPath,
  projectTypeColours,
  projectTypeLabels,
  statusColour,
  statusLabel,
} from '../projects/rules';
import { ZonePreview } from '../projects/ZonePreview';
import { trackClick, useSearchTracking } from '../../api/tracking';
import { roleName } from '../../components/roleName';

// The dialogs open on demand: fetched then, they stay out of the first page's bundle (< 300 kB gzipped).
const dialogs = () => import('../projects/ProjectDialogs');
const RenameProjectDialog = lazy(() => dialogs().then((m) => ({ default: m.RenameProjectDialog })));
const DeleteProjectDialog = lazy(() => dialogs().then((m) => ({ default: m.DeleteProjectDialog })));
const OfferChooserDialog = lazy(() => dialogs().then((m) => ({ default: m.OfferChooserDialog })));
const DemoLocationDialog = lazy(() => dialogs().then((m) => ({ default: m.DemoLocationDialog })));

/** Card and preview heights (spec 000 §9). */
const cardHeight = 300;
const previewHeight = 220;

function ProjectCard({
  project,
  onRename,
  onDelete,
}: {
  project: ProjectListItem;
  onRename: () => void;
  onDelete: () => void;
}) {
  const navigate = useNavigate();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const colour = projectTypeColours[project.type] ?? '#0072b2';
  return (
    <Card
      variant="outlined"
      data-testid="project-card"
      sx={{ height: cardHeight, position: 'relative', borderTop: `4px solid ${colour}` }}
    >
      <CardActionArea
        onClick={() => void navigate(projectCardPath(project))}
        aria-label={`Open project ${project.name}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <ZonePreview project={project} height={previewHeight} />
        <Box sx={{ px: 1.5, py: 0.75, flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', pr: 3 }}>
            <Typography variant="caption" color="text.secondary">
              #{project.id}
            </Typography>
            <Chip
              size="small"
              label={projectTypeLabels[project.type] ?? 'Project'}
              sx={{ height: 18, fontSize: 11, bgcolor: colour, color: '#fff' }}
            />
            {!project.isMcDashboard && (
              <Chip
                size="small"
                variant="outlined"
                color={statusColour(project.status)}
                label={statusLabel(project.status)}
                sx={{ height: 18, fontSize: 11 }}
              />
            )}
          </Stack>
          <Typography
            variant="subtitle1"
            noWrap
            sx={{ fontWeight: 600, lineHeight: 1.4 }}
            title={project.name}
          >
            {project.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {project.zone.name} · {project.nbPoints} point{project.nbPoints === 1 ? '' : 's'}
          </Typography>
        </Box>
      </CardActionArea>
      {project.isManager && (
        <>
          <IconButton
            aria-label={`Actions of ${project.name}`}
            onClick={(event) => setMenu(event.currentTarget)}
            sx={{ position: 'absolute', right: 4, bottom: 36, bgcolor: 'background.paper' }}
          >
            <MoreVertIcon fontSize="small" />
          </IconButton>
          <LazyMenu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
            {({ MenuItem }) => [
              <MenuItem
                key="rename"
                onClick={() => {
                  setMenu(null);
                  onRename();
                }}
              >
                Rename
              </MenuItem>,
              <MenuItem
                key="delete"
                onClick={() => {
                  setMenu(null);
                  onDelete();
                }}
              >
                Delete
              </MenuItem>,
            ]}
          </LazyMenu>
        </>
      )}
    </Card>
  );
}

function FreeDemoCard() {
  const navigate = useNavigate();
  const create = useCreateDemoProject();
  return (
    <Card
      variant="outlined"
      data-testid="free-demo-card"
      sx={{ p: 2.5, borderTop: '4px solid #e69f00', maxWidth: 460 }}
    >
      <Typography variant="h3" gutterBottom>
        Free Demo
      </Typography>
      <Typography variant="body2" component="div" color="text.secondary">
        Try the application on a computed point, free of charge:
        <ul style={{ margin: '8px 0', paddingLeft: 20 }}>
          <li>Zone: North and Celtic Seas</li>
          <li>Advanced weather downtime tool</li>
          <li>PDF report generation</li>
        </ul>
      </Typography>
      {create.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(create.error)}
        </Alert>
      )}
      <Button
        variant="contained"
        disabled={create.isPending}
        onClick={() => {
          trackClick('createFreeDemo');
          create.mutate(undefined, {
            onSuccess: (created) => void navigate(`/project/${created.projectId}/query`),
          });
        }}
      >
        CREATE FREE DEMO NOW
      </Button>
    </Card>
  );
}

/** Home: 'My projects' (spec 000 §2.3) with search, ordering, the cards and their empty states. */
export function HomePage() {
  const user = useMe();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { ordering, search } = projectListParams(params);
  const projects = useProjects(ordering, search);
  useSearchTracking('projects', search);
  const offers = useOffers();
  const [renaming, setRenaming] = useState<ProjectListItem | null>(null);
  const [deleting, setDeleting] = useState<ProjectListItem | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [askingDemo, setAskingDemo] = useState(false);

  const name = user.firstName.trim() || user.username;
  const packName = user.accounts[0]?.pack?.name;
  const usableOffers = availableOffers(offers.data ?? []);
  const canCreate = user.isStaff && usableOffers.length > 0;
  const list = projects.data ?? [];
  const setParam = (key: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const startCreation = () => {
    const only = autoSelectedOffer(offers.data ?? []);
    if (only) void navigate(`/new_project?offerId=${only.id}`);
    else setChoosing(true);
  };

  const loaded = projects.isSuccess && !projects.isPlaceholderData;
  const showDemoCard = packName === specialOffers.demoPack && loaded && list.length === 0 && !search;

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'flex-end', justifyContent: 'space-between' }}>
        <div>
          <Typography variant="h1">Hello {name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.accounts[0] ? `${user.accounts[0].name} · ` : ''}
            {roleName(user)}
          </Typography>
        </div>
        <Stack direction="row" spacing={1}>
          {packName === specialOffers.demoPack && (
            <Button onClick={() => setAskingDemo(true)}>Ask for another demo location</Button>
          )}
          {canCreate && (
            <Button component={RouterLink} to="/select_zone">
              Browse zones
            </Button>
          )}
          {canCreate && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={startCreation}>
              Create project
            </Button>
          )}
        </Stack>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h2" sx={{ flex: 1 }}>
          My projects
        </Typography>
        {/* the browser's input and select in MUI's look: MUI's fields are not part of the first page
            (issue 34) */}
        <SearchBox
          value={search}
          onChange={(value) => setParam('search', value)}
          placeholder="Search a project or zone"
          label="Search projects"
          clearLabel="Clear search"
          width={300}
        />
        <LabelledSelect
          id="project-ordering"
          label="Order by"
          value={ordering}
          onChange={(value) => setParam('ordering', value === 'name' ? 'name' : '')}
          width={170}
        >
          <option value="-id">Most recent</option>
          <option value="name">Name</option>
        </LabelledSelect>
      </Stack>

      {projects.error && <Alert severity="error">{errorMessage(projects.error)}</Alert>}
      {showDemoCard && <FreeDemoCard />}
      {projects.isPending ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 2 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={cardHeight} />
          ))}
        </Box>
      ) : list.length === 0 && !showDemoCard && projects.isSuccess ? (
        <Paper variant="outlined">
          {search ? (
            <EmptyState
              kind="noMatch"
              hint={`No project or zone matches “${search}”. Try other words or clear the search.`}
              action={<Button onClick={() => setParam('search', '')}>Clear search</Button>}
            />
          ) : (
            <EmptyState
              kind="noProjects"
              hint={
                canCreate
                  ? 'Create your first project: pick an offer, click the map to place points, and compute their statistics.'
                  : user.isStaff
                    ? 'Your account has no usable offer to create a project. Contact us to renew or upgrade it.'
                    : 'Projects a manager of your team gives you access to will be listed here. Ask a manager to share one with you.'
              }
              action={
                canCreate ? (
                  <Button variant="contained" startIcon={<AddIcon />} onClick={startCreation}>
                    Create project
                  </Button>
                ) : undefined
              }
            />
          )}
        </Paper>
      ) : (
        <Box
          data-testid="project-grid"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 2 }}
        >
          {list.map((project) => (
            <ProjectCard
              key={project.id}
              project={project}
              onRename={() => setRenaming(project)}
              onDelete={() => setDeleting(project)}
            />
          ))}
        </Box>
      )}
      <Suspense fallback={null}>
        {renaming && (
          <RenameProjectDialog
            project={renaming}
            takenNames={list.map((p) => p.name)}
            onClose={() => setRenaming(null)}
          />
        )}
        {deleting && <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} />}
        {choosing && (
          <OfferChooserDialog offers={offers.data ?? []} user={user} onClose={() => setChoosing(false)} />
        )}
        {askingDemo && <DemoLocationDialog email={user.email} onClose={() => setAskingDemo(false)} />}
      </Suspense>
    </Stack>
  );
}
