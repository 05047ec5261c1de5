import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMe } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';

/** Home: the greeting and 'My projects' (the project list arrives with the projects feature). */
export function HomePage() {
  const user = useMe();
  const name = user.firstName.trim() || user.username;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200, mx: 'auto' }}>
      <div>
        <Typography variant="h1">Hello {name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {user.accounts[0] ? `${user.accounts[0].name} · ` : ''}
          {user.isStaff ? 'Manager' : 'Member'}
        </Typography>
      </div>
      <Typography variant="h2">My projects</Typography>
      <Paper variant="outlined">
        <EmptyState
          kind="noProjects"
          hint={
            user.isStaff
              ? 'Projects you create or are given access to will be listed here.'
              : 'Projects a manager of your team gives you access to will be listed here. Ask a manager to share one with you.'
          }
        />
      </Paper>
    </Stack>
  );
}
