import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import ClearIcon from '@mui/icons-material/Clear';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FolderSharedOutlinedIcon from '@mui/icons-material/FolderSharedOutlined';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import CancelScheduleSendOutlinedIcon from '@mui/icons-material/CancelScheduleSendOutlined';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import SearchIcon from '@mui/icons-material/Search';
import type { Collaborator, Role } from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { useMe } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { UserProjectsDialog } from './AccessDialogs';
import { InviteDialog } from './InviteDialog';
import { ConfirmPersonDialog, EditMemberDialog } from './PersonDialogs';
import { useSearchTracking } from '../../api/tracking';
import { useTeam, type PersonAction } from './queries';
import {
  matchesCollaborator,
  projectAccessLabel,
  roleLabel,
  rowActions,
  teamCount,
  type TeamAction,
} from './rules';

const number = new Intl.NumberFormat('en-GB');

const actionButtons: Record<TeamAction, { label: string; icon: SvgIconComponent; danger?: boolean }> = {
  edit: { label: 'Edit profile', icon: EditOutlinedIcon },
  projects: { label: 'Project access', icon: FolderSharedOutlinedIcon },
  resend: { label: 'Resend invitation', icon: ForwardToInboxOutlinedIcon },
  revoke: { label: 'Revoke invitation', icon: CancelScheduleSendOutlinedIcon, danger: true },
  remove: { label: 'Remove from the team', icon: PersonRemoveOutlinedIcon, danger: true },
};

function RoleChip({ role }: { role: Role }) {
  return (
    <Chip
      size="small"
      label={roleLabel(role)}
      variant={role === 'member' ? 'outlined' : 'filled'}
      color={role === 'manager' ? 'primary' : role === 'pending' ? 'warning' : 'default'}
      sx={{ height: 20, fontSize: 12 }}
    />
  );
}

type Open =
  | { kind: 'invite' }
  | { kind: 'edit'; person: Collaborator }
  | { kind: 'projects'; person: Collaborator }
  | { kind: PersonAction; person: Collaborator };

/**
 * 'My Team' (spec 000 §2.10, §6): the account's collaborators with their role, project access, used
 * credits and the actions the viewer may take; managers invite, edit, give projects, resend or revoke an
 * invitation and remove; members read (and edit their own profile).
 */
export function TeamPage() {
  const me = useMe();
  const team = useTeam();
  const [search, setSearch] = useState('');
  useSearchTracking('team', search);
  const [open, setOpen] = useState<Open | null>(null);
  // The last notice stays in the snackbar while it fades out.
  const [notice, setNotice] = useState<{ text: string; open: boolean }>({ text: '', open: false });
  const notify = (text: string) => setNotice({ text, open: true });
  const manager = me.isStaff || me.isSuperuser;
  const people = team.data?.collaborators ?? [];
  const projects = team.data?.projects ?? [];
  const shown = search.trim() ? people.filter((person) => matchesCollaborator(person, search)) : people;
  const close = () => setOpen(null);

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" sx={{ alignItems: 'flex-end', justifyContent: 'space-between' }}>
        <div>
          <Typography variant="h1">My Team</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="team-count">
            {me.accounts[0] ? `${me.accounts[0].name} · ` : ''}
            {team.data ? teamCount(people, shown.length) : 'Loading…'}
          </Typography>
        </div>
        {manager && (
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1OutlinedIcon />}
            onClick={() => setOpen({ kind: 'invite' })}
          >
            Invite collaborators
          </Button>
        )}
      </Stack>
      {!manager && (
        <Alert severity="info">
          Only a manager of your team can invite people, change their role or give them access to projects.
        </Alert>
      )}

      <Paper variant="outlined">
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography variant="h3" component="h2" sx={{ flex: 1 }}>
            Collaborators
          </Typography>
          <TextField
            placeholder="Search a name or e-mail"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ width: 300 }}
            slotProps={{
              htmlInput: { 'aria-label': 'Search collaborators' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
                endAdornment: search ? (
                  <InputAdornment position="end">
                    <IconButton aria-label="Clear search" onClick={() => setSearch('')}>
                      <ClearIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ) : null,
              },
            }}
          />
        </Stack>
        {team.isPending && <LinearProgress sx={{ height: 2 }} aria-label="Loading the team" />}
        {team.error && (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(team.error)}
          </Alert>
        )}
        {team.data && shown.length === 0 && (
          <EmptyState
            kind="noMatch"
            title="No matching collaborators"
            hint={`Nobody's name or e-mail matches “${search}”. Try other words or clear the search.`}
            action={<Button onClick={() => setSearch('')}>Clear search</Button>}
          />
        )}
        {shown.length > 0 && (
          <Table aria-label="Collaborators">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>E-mail</TableCell>
                <TableCell>Role</TableCell>
                {manager && <TableCell>Projects</TableCell>}
                <TableCell align="right">Used credits</TableCell>
                <TableCell align="right" sx={{ width: 200 }}>
                  Actions
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((person) => (
                <TableRow key={person.id} hover data-testid="team-row">
                  <TableCell sx={{ fontWeight: 500 }}>
                    {person.fullName.trim() || (
                      <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                        —
                      </Box>
                    )}
                    {person.id === me.id && (
                      <Chip
                        size="small"
                        label="you"
                        variant="outlined"
                        sx={{ ml: 1, height: 18, fontSize: 11 }}
                      />
                    )}
                  </TableCell>
                  <TableCell>{person.email}</TableCell>
                  <TableCell>
                    <RoleChip role={person.role} />
                  </TableCell>
                  {manager && <TableCell>{projectAccessLabel(person, projects)}</TableCell>}
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {number.format(person.usedCredits)}
                  </TableCell>
                  <TableCell align="right" sx={{ py: 0.25, whiteSpace: 'nowrap' }}>
                    {rowActions(me, person).map((action) => {
                      const button = actionButtons[action];
                      const Icon = button.icon;
                      return (
                        <Tooltip key={action} title={button.label}>
                          <IconButton
                            aria-label={button.label}
                            color={button.danger ? 'error' : 'default'}
                            onClick={() => setOpen({ kind: action, person })}
                          >
                            <Icon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      );
                    })}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>

      {open?.kind === 'invite' && (
        <InviteDialog
          projects={projects}
          onClose={close}
          onInvited={(_id, email) => notify(`Invitation sent to ${email}.`)}
        />
      )}
      {open?.kind === 'edit' && (
        <EditMemberDialog person={open.person} self={open.person.id === me.id} onClose={close} />
      )}
      {open?.kind === 'projects' && (
        <UserProjectsDialog person={open.person} projects={projects} onClose={close} />
      )}
      {(open?.kind === 'remove' || open?.kind === 'resend' || open?.kind === 'revoke') && (
        <ConfirmPersonDialog action={open.kind} person={open.person} onClose={close} onDone={notify} />
      )}
      <Snackbar
        open={notice.open}
        autoHideDuration={6000}
        onClose={() => setNotice((last) => ({ ...last, open: false }))}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity="success"
          onClose={() => setNotice((last) => ({ ...last, open: false }))}
          data-testid="team-notice"
        >
          {notice.text}
        </Alert>
      </Snackbar>
    </Stack>
  );
}
