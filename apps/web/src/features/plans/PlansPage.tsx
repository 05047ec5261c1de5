import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import { messages } from '@metocean/contracts';
import { useMe, useUsers } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { ContactDialog } from '../contact/ContactDialog';
import { frenchDate } from './format';

const number = new Intl.NumberFormat('en-GB');

/** 'My plans' (spec 000 §2.10): the account, its end of access, people and credits. */
export function PlansPage() {
  const user = useMe();
  const account = user.accounts[0];
  const people = useUsers('customer');
  const [contactOpen, setContactOpen] = useState(false);

  if (!account) {
    return (
      <EmptyState
        kind="offerProblem"
        action={
          <Button variant="contained" onClick={() => setContactOpen(true)}>
            Contact us
          </Button>
        }
      />
    );
  }

  const used = Math.max(0, account.totalCredits - account.credits);
  const usedShare = account.totalCredits > 0 ? Math.min(100, (100 * used) / account.totalCredits) : 0;
  const pending = people.data?.filter((person) => person.role === 'pending').length;
  const total = people.data?.length;
  const end = frenchDate(account.subscriptionEnd);

  return (
    <Stack spacing={2} sx={{ maxWidth: 860, mx: 'auto' }}>
      <Typography variant="h1">My plans</Typography>
      {account.subscriptionExpired ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => setContactOpen(true)}>
              Contact us
            </Button>
          }
        >
          {messages.offerExpired} Your access ended on {end}. Contact us to renew it.
        </Alert>
      ) : (
        <Alert severity="success">Your access is active until {end}.</Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar
            variant="rounded"
            src={account.image ?? undefined}
            alt={`${account.name} logo`}
            sx={{ width: 64, height: 64, bgcolor: 'grey.100', color: 'text.secondary' }}
          >
            <BusinessIcon />
          </Avatar>
          <Box>
            <Typography variant="h2" component="h2">
              {account.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {account.pack?.name ?? 'No pack'}
            </Typography>
          </Box>
        </Stack>
        <Table aria-label="Account">
          <TableBody>
            <TableRow>
              <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '45%' }}>
                End of access
              </TableCell>
              <TableCell align="right">{end}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row" sx={{ color: 'text.secondary' }}>
                People (pending / activated / total)
              </TableCell>
              <TableCell align="right">
                {pending === undefined || total === undefined
                  ? number.format(account.collaborators)
                  : `${number.format(pending)} / ${number.format(total - pending)} / ${number.format(total)}`}
              </TableCell>
            </TableRow>
            <TableRow>
              <TableCell component="th" scope="row" sx={{ color: 'text.secondary' }}>
                Credits used
              </TableCell>
              <TableCell align="right">
                <Box data-testid="credits-used">
                  {number.format(used)} of {number.format(account.totalCredits)} credits
                  {account.pack ? ` (${account.pack.name})` : ''}
                </Box>
                <LinearProgress
                  variant="determinate"
                  value={usedShare}
                  sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
                />
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Paper>
      <ContactDialog open={contactOpen} onClose={() => setContactOpen(false)} user={user} />
    </Stack>
  );
}
