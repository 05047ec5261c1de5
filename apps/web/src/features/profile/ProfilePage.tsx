import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useMe } from '../../api/queries';
import { EditProfileDialog } from './EditProfileDialog';
import { useUserSettings } from './settings';
import { roleName } from '../../components/roleName';

const number = new Intl.NumberFormat('en-GB');

/** One label-value line; `numeric` lines (counts, credits, 'N/A' counts) align right. */
function Row({
  label,
  value,
  numeric = false,
}: {
  label: string;
  value: string | number;
  numeric?: boolean;
}) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '55%', border: 0, pl: 0 }}>
        {label}
      </TableCell>
      <TableCell align={numeric ? 'right' : 'left'} sx={{ border: 0 }}>
        {typeof value === 'number' ? number.format(value) : value}
      </TableCell>
    </TableRow>
  );
}

/** 'My profile' (spec 000 §2.10). */
export function ProfilePage() {
  const user = useMe();
  const [settings, setSettings] = useUserSettings();
  const [editing, setEditing] = useState(false);
  const account = user.accounts[0];
  const fullName = `${user.firstName} ${user.lastName}`.trim();

  return (
    <Stack spacing={2} sx={{ maxWidth: 860, mx: 'auto' }}>
      <Typography variant="h1">My profile</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
            <Typography variant="h3" component="h2">
              Identity
            </Typography>
            <Button startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          </Stack>
          <Table aria-label="Identity">
            <TableBody>
              <Row label="Full name" value={fullName || '—'} />
              <Row label="Username" value={user.username} />
              <Row label="E-mail" value={user.email} />
              <Row label="Role" value={roleName(user)} />
              {account && (
                <TableRow>
                  <TableCell component="th" scope="row" sx={{ color: 'text.secondary', border: 0, pl: 0 }}>
                    Account
                  </TableCell>
                  <TableCell sx={{ border: 0 }}>
                    <Link component={RouterLink} to="/account">
                      {account.name}
                    </Link>
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            Activity
          </Typography>
          <Table aria-label="Activity">
            <TableBody>
              <Row numeric label="Projects" value={user.counts.projects} />
              <Row numeric label="Computations" value={user.counts.computations} />
              <Row
                numeric
                label="Advanced weather downtime computations"
                value={user.counts.downtimeComputations}
              />
              <Row numeric label="Reports" value={user.counts.reports} />
              <Row numeric label="Comments" value={user.counts.comments} />
              <Row numeric label="Credits used" value={user.usedCredits} />
              {account && <Row numeric label="Credits available on the account" value={account.credits} />}
            </TableBody>
          </Table>
        </Paper>
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h3" component="h2">
          Display
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Stored in this browser.
        </Typography>
        <FormGroup>
          <FormControlLabel
            control={
              <Checkbox
                checked={settings.showOverviewControl}
                onChange={(event) => setSettings({ showOverviewControl: event.target.checked })}
              />
            }
            label="Show the overview on the Analyze tab"
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={settings.dismissAllTutorials}
                onChange={(event) => setSettings({ dismissAllTutorials: event.target.checked })}
              />
            }
            label="Dismiss all tutorials"
          />
        </FormGroup>
      </Paper>
      <EditProfileDialog open={editing} onClose={() => setEditing(false)} user={user} />
    </Stack>
  );
}
