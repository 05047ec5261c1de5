import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BusinessIcon from '@mui/icons-material/Business';
import { messages } from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { useMe, useOffers, useUsers } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { ContactDialog } from '../contact/ContactDialog';
import { activePlanCount, creditsUsed, frenchDate } from './format';
import { OffersTable } from './OffersTable';

const number = new Intl.NumberFormat('en-GB');

/** One figure of the account summary: a small label over its value. */
function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ px: 2, py: 1.5, minWidth: 0 }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.25 }}>
        {label}
      </Typography>
      <Box sx={{ fontSize: '1.05rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{children}</Box>
    </Box>
  );
}

const secondary = { fontSize: '0.8rem', fontWeight: 400, color: 'text.secondary' } as const;

/**
 * 'My plans' (spec 000 §2.10): the account, its number of active plans, end of access, people and credits,
 * a status line, then every offer of the account in one table.
 */
export function PlansPage() {
  const user = useMe();
  const account = user.accounts[0];
  const people = useUsers('customer');
  const offers = useOffers();
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

  const { used, percent: usedShare } = creditsUsed(account);
  const pending = people.data?.filter((person) => person.role === 'pending').length;
  const total = people.data?.length;
  const end = frenchDate(account.subscriptionEnd);
  const contactButton = (
    <Button color="inherit" onClick={() => setContactOpen(true)}>
      Contact us
    </Button>
  );

  return (
    <Stack spacing={2} sx={{ maxWidth: 1280, mx: 'auto' }}>
      <Typography variant="h1">My plans</Typography>
      {account.subscriptionExpired ? (
        <Alert severity="error" action={contactButton}>
          {messages.offerExpired} Your access ended on {end}. Contact us to renew it.
        </Alert>
      ) : (
        <Alert severity="success">Your access is active until {end}.</Alert>
      )}

      <Paper variant="outlined">
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Avatar
            variant="rounded"
            src={account.image ?? undefined}
            alt={`${account.name} logo`}
            sx={{ width: 48, height: 48, bgcolor: 'grey.100', color: 'text.secondary' }}
          >
            <BusinessIcon />
          </Avatar>
          <Box>
            <Typography variant="h2" component="h2">
              <Link component={RouterLink} to="/account" color="inherit" underline="hover">
                {account.name}
              </Link>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {account.pack?.name ?? 'No pack'}
            </Typography>
          </Box>
        </Stack>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', md: '1fr 1fr 1.3fr 1.6fr' },
            '& > * + *': { borderLeft: 1, borderColor: 'divider' },
          }}
        >
          <Figure label="Active plans" testId="active-plans">
            {offers.data ? (
              <>
                {number.format(activePlanCount(offers.data))}
                <Box component="span" sx={secondary}>
                  {` of ${number.format(offers.data.length)}`}
                </Box>
              </>
            ) : (
              '—'
            )}
          </Figure>
          <Figure label="End of access">{end}</Figure>
          <Figure label="People (pending / activated / total)" testId="people">
            {pending === undefined || total === undefined
              ? number.format(account.collaborators)
              : `${number.format(pending)} / ${number.format(total - pending)} / ${number.format(total)}`}
          </Figure>
          <Figure label="Credits used" testId="credits-used">
            {number.format(used)}
            <Box component="span" sx={secondary}>
              {` of ${number.format(account.totalCredits)} credits`}
              {account.pack ? ` · ${account.pack.name}` : ''}
            </Box>
            <LinearProgress
              variant="determinate"
              value={usedShare}
              aria-label="Share of credits used"
              sx={{ mt: 0.75, height: 5, borderRadius: 3 }}
            />
          </Figure>
        </Box>
      </Paper>

      <Paper variant="outlined">
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'baseline', px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography variant="h3" component="h2">
            Plans
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Active plans first; an expired plan keeps its results viewable.
          </Typography>
        </Stack>
        {offers.isPending && <LinearProgress sx={{ height: 2 }} aria-label="Loading plans" />}
        {offers.error && (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(offers.error)}
          </Alert>
        )}
        {offers.data && offers.data.length > 0 && <OffersTable offers={offers.data} />}
        {offers.data?.length === 0 && (
          <Alert severity="info" sx={{ m: 2 }} action={contactButton}>
            This account has no plan yet. Contact us to subscribe to one.
          </Alert>
        )}
      </Paper>
      <ContactDialog open={contactOpen} onClose={() => setContactOpen(false)} user={user} />
    </Stack>
  );
}
