import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import type { Collaborator, TeamProject } from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { useMe } from '../../api/queries';
import { Checklist } from './Checklist';
import { InviteDialog, projectItems, projectMatcher } from './InviteDialog';
import { useSetProjectCollaborators, useSetUserProjects, useTeam } from './queries';
import { displayName, matchesCollaborator, projectsOf, roleLabel, seesEveryProject, toggled } from './rules';

/**
 * 'Grant a collaborator access to projects' (spec 000 §2.10): the projects the person may see, searched
 * by project and zone name. A project whose offer ended keeps its collaborators.
 */
export function UserProjectsDialog({
  person,
  projects,
  onClose,
}: {
  person: Collaborator;
  projects: readonly TeamProject[];
  onClose: () => void;
}) {
  const save = useSetUserProjects();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => projectsOf(person.id, projects));
  return (
    <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 568 } } }}>
      <DialogTitle>Projects of {displayName(person)}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {person.email} sees the projects ticked here. Managers see every project of the account.
        </Typography>
        {projects.length === 0 ? (
          <Alert severity="info">The account has no project yet.</Alert>
        ) : (
          <Checklist
            label="Search a project or zone"
            items={projectItems(projects)}
            matches={projectMatcher(projects)}
            checked={chosen}
            onChange={(id, on) => setChosen((set) => toggled(set, id, on))}
            emptyTitle="No matching projects"
          />
        )}
        {save.error && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {errorMessage(save.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          loading={save.isPending}
          disabled={projects.length === 0}
          onClick={() => save.mutate({ id: person.id, projects: [...chosen] }, { onSuccess: onClose })}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const collaboratorSecondary = (person: Collaborator) =>
  person.role === 'pending'
    ? `${person.email} · ${roleLabel(person.role)}`
    : person.fullName.trim()
      ? person.email
      : undefined;

/**
 * 'Grant access to a project' (spec 000 §2.10): the account's collaborators, searched by first name, last
 * name and e-mail, with an invitation from there. The caller's own access is not theirs to change (§6);
 * managers see the project anyway.
 */
export function ProjectAccessDialog({
  project,
  onClose,
}: {
  project: Pick<TeamProject, 'id' | 'name' | 'collaborators' | 'expired'>;
  onClose: () => void;
}) {
  const me = useMe();
  const team = useTeam();
  const save = useSetProjectCollaborators();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(project.collaborators));
  const [inviting, setInviting] = useState(false);
  const people = (team.data?.collaborators ?? []).filter((person) => person.id !== me.id);
  const projects = team.data?.projects ?? [];
  const items = people.map((person) => ({
    id: person.id,
    primary: displayName(person),
    ...(collaboratorSecondary(person) ? { secondary: collaboratorSecondary(person) } : {}),
    ...(seesEveryProject(person) ? { lockedReason: 'Manager: sees every project' } : {}),
  }));
  const ticked = new Set([
    ...chosen,
    ...people.filter((person) => seesEveryProject(person)).map((person) => person.id),
  ]);
  const matches = (id: number, search: string) => {
    const person = people.find((p) => p.id === id);
    return person !== undefined && matchesCollaborator(person, search);
  };
  const submit = () =>
    save.mutate(
      // Managers are ticked for the eye only: their stored links stay as they were.
      {
        projectId: project.id,
        collaborators: [...chosen].filter((id) => id !== me.id),
      },
      { onSuccess: onClose },
    );

  return (
    <>
      <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 568 } } }}>
        <DialogTitle>
          Share project #{project.id} · {project.name}
        </DialogTitle>
        <DialogContent dividers>
          {project.expired ? (
            <Alert severity="warning" sx={{ mb: 1.5 }}>
              The offer of this project has ended: who sees it can no longer change.
            </Alert>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              The collaborators ticked here see this project.
            </Typography>
          )}
          {team.isPending && <LinearProgress aria-label="Loading the team" />}
          {team.error && <Alert severity="error">{errorMessage(team.error)}</Alert>}
          {team.data && (
            <Checklist
              label="Search a name or e-mail"
              items={items}
              matches={matches}
              checked={ticked}
              onChange={(id, on) => setChosen((set) => toggled(set, id, on))}
              emptyTitle="No matching collaborators"
              emptyHint={
                people.length === 0 ? 'Nobody else is in your team yet: invite a collaborator.' : undefined
              }
            />
          )}
          {!project.expired && (
            <Button
              startIcon={<PersonAddAlt1OutlinedIcon />}
              onClick={() => setInviting(true)}
              sx={{ mt: 1 }}
            >
              Invite a collaborator
            </Button>
          )}
          {save.error && (
            <Alert severity="error" sx={{ mt: 1.5 }}>
              {errorMessage(save.error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="contained"
            loading={save.isPending}
            disabled={!team.data || project.expired}
            onClick={submit}
          >
            Save
          </Button>
        </DialogActions>
      </Dialog>
      {inviting && (
        <InviteDialog
          projects={projects}
          initialProjects={[project.id]}
          onClose={() => setInviting(false)}
          // The invitee already sees the project (the invitation gave it): keep them ticked.
          onInvited={(id) => setChosen((set) => toggled(set, id, true))}
        />
      )}
    </>
  );
}
