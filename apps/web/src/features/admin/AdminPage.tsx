import { useDeferredValue, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { errorMessage } from '../../api/client';
import { useMe, useUsers } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { FullPageLoader } from '../../components/Loader';
import { switchingUser, useStartImpersonation } from './impersonation';

const number = new Intl.NumberFormat('en-GB');

/** Superuser administration: find any user and act as them. */
export function AdminPage() {
  const me = useMe();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const users = useUsers('all', deferredSearch, me.isSuperuser);
  const impersonate = useStartImpersonation();

  // A manager who opens /admin reads that it is not theirs and stays signed in (issue 30), as on /usage.
  if (!me.isSuperuser)
    return switchingUser() ? (
      <FullPageLoader />
    ) : (
      <EmptyState
        kind="noAccess"
        action={
          <Button component={RouterLink} to="/" variant="contained">
            Go to home
          </Button>
        }
      />
    );

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h1">Administration</Typography>
      <Typography variant="body2" color="text.secondary">
        Find a user of any customer and impersonate them to see the application as they do.
      </Typography>
      {impersonate.error && <Alert severity="error">{errorMessage(impersonate.error)}</Alert>}
      {users.error && <Alert severity="error">{errorMessage(users.error)}</Alert>}
      <Paper variant="outlined">
        <Stack direction="row" sx={{ p: 1.5 }}>
          <TextField
            label="Search users"
            placeholder="Name, username or e-mail"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ maxWidth: 360 }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Stack>
        {users.isFetching && <LinearProgress sx={{ height: 2 }} />}
        <TableContainer>
          <Table aria-label="Users">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Username</TableCell>
                <TableCell>E-mail</TableCell>
                <TableCell>Customer</TableCell>
                <TableCell>Role</TableCell>
                <TableCell align="right">Used credits</TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {users.data?.map((user) => (
                <TableRow key={user.id} hover>
                  <TableCell>
                    {(user.fullName || `${user.firstName} ${user.lastName}`).trim() || (
                      <Typography component="span" variant="body2" color="text.secondary">
                        Invited, not activated
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{user.username}</TableCell>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>{user.customerName}</TableCell>
                  <TableCell sx={{ textTransform: 'capitalize' }}>{user.role}</TableCell>
                  <TableCell align="right">{number.format(user.usedCredits)}</TableCell>
                  <TableCell align="right">
                    <Button
                      variant="outlined"
                      disabled={user.id === me.id || user.role === 'pending' || impersonate.isPending}
                      onClick={() => impersonate.mutate(user.id)}
                      aria-label={`Impersonate ${user.username} (${user.email})`}
                    >
                      Impersonate
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {users.data?.length === 0 && <EmptyState kind="noMatch" />}
      </Paper>
    </Stack>
  );
}
