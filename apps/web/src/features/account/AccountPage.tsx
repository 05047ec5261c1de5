// /account (spec 000 §2.1, §2.10, §3 Account): the customer account(s) of the signed-in user — name, logo,
// pack, collaborators, credits and the end of the subscription in the French date format (spec 001 §9) —
// with the way to the plans, the team and the profile. The figures come with the current user.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import { messages, type Account } from '@metocean/contracts';
import { useMe } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { ContactDialog } from '../contact/ContactDialog';
import { creditsUsed, frenchDate } from '../plans/format';

const number = new Intl.NumberFormat('en-GB');

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '45%', pl: 0 }}>
        {label}
      </TableCell>
      <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{children}</TableCell>
    </TableRow>
  );
}

function AccountCard({ account, onContact }: { account: Account; onContact: () => void }) {
  const { used, percent } = creditsUsed(account);
  const end = frenchDate(account.subscriptionEnd);
  return (
    <Paper variant="outlined" data-testid="account">
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Avatar
          variant="rounded"
          src={account.image ?? undefined}
          alt={`${account.name} logo`}
          sx={{ width: 56, height: 56, bgcolor: 'grey.100', color: 'text.secondary' }}
        >
          <BusinessIcon />
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h2" component="h2">
            {account.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {account.pack ? `Pack: ${account.pack.name}` : 'No pack'}
          </Typography>
        </Box>
        {account.subscriptionExpired ? (
          <Chip color="error" label="Expired" />
        ) : (
          <Chip color="success" variant="outlined" label="Active" />
        )}
      </Stack>
      <Box sx={{ px: 2, pt: 1.5 }}>
        {account.subscriptionExpired ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" onClick={onContact}>
                Contact us
              </Button>
            }
          >
            {messages.offerExpired} The subscription ended on {end}.
          </Alert>
        ) : account.subscriptionEnd ? (
          <Alert severity="success">The subscription runs until {end}.</Alert>
        ) : (
          <Alert severity="info">This account has no plan yet. Contact us to subscribe to one.</Alert>
        )}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3, p: 2 }}>
        <Table aria-label="Subscription">
          <TableBody>
            <Line label="End of subscription">
              <span data-testid="subscription-end">{end}</span>
            </Line>
            <Line label="Pack">{account.pack?.name ?? '—'}</Line>
            <Line label="Unlimited full studies">{account.pack?.hasUnlimitedFullStudy ? 'Yes' : 'No'}</Line>
            <Line label="Unlimited discovery">{account.pack?.hasUnlimitedDiscover ? 'Yes' : 'No'}</Line>
          </TableBody>
        </Table>
        <Table aria-label="Credits and people">
          <TableBody>
            <Line label="Credits available">
              <span data-testid="credits-available">{number.format(account.credits)}</span>
            </Line>
            <Line label="Credits used">
              {number.format(used)} of {number.format(account.totalCredits)}
              <LinearProgress
                variant="determinate"
                value={percent}
                aria-label="Share of credits used"
                sx={{ mt: 0.5, height: 5, borderRadius: 3, maxWidth: 220 }}
              />
            </Line>
            <Line label="Collaborators">
              <span data-testid="collaborators">{number.format(account.collaborators)}</span>
            </Line>
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

export function AccountPage() {
  const user = useMe();
  const [contactOpen, setContactOpen] = useState(false);
  const contact = <ContactDialog open={contactOpen} onClose={() => setContactOpen(false)} user={user} />;

  if (user.accounts.length === 0) {
    return (
      <>
        <EmptyState
          kind="offerProblem"
          action={
            <Button variant="contained" onClick={() => setContactOpen(true)}>
              Contact us
            </Button>
          }
        />
        {contact}
      </>
    );
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h1" sx={{ flex: 1 }}>
          Account
        </Typography>
        <Button component={RouterLink} to="/plans" variant="outlined">
          My plans
        </Button>
        <Button component={RouterLink} to="/people">
          My Team
        </Button>
        <Button component={RouterLink} to="/profile">
          My profile
        </Button>
        <Button component={RouterLink} to="/account/alpha-tables">
          Alpha tables
        </Button>
      </Stack>
      {user.accounts.map((account) => (
        <AccountCard key={account.id} account={account} onContact={() => setContactOpen(true)} />
      ))}
      <Typography variant="body2" color="text.secondary">
        Credits are spent by computing points and buying maps; points in the demo zone are free and unlimited
        packs spend none. To add credits or extend the subscription, contact us.
      </Typography>
      {contact}
    </Stack>
  );
}
