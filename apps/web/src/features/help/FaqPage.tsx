// /help/faq (spec 002 §2 'Help, FAQ, examples'): the questions of faq-content.ts with their anchors, the
// list of questions, detail popups, what a point costs in each of the caller's offers, a back button, the
// link to the statistics help and the 'Contact us' dialog.
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import { useCurrentUser, useOffers } from '../../api/queries';
import { ContactDialog } from '../contact/ContactDialog';
import { FAQ, pointCost, type FaqEntry } from './faq-content';

/** The caller's running offers and what a point costs in each; a visitor is told where to read it. */
function OfferCosts({ signedIn }: { signedIn: boolean }) {
  if (!signedIn)
    return (
      <Typography variant="body2" color="text.secondary">
        Once signed in, this page lists what a point costs in each of your offers.{' '}
        <Link component={RouterLink} to="/demo">
          See the offers
        </Link>
      </Typography>
    );
  return <SignedInOfferCosts />;
}

function SignedInOfferCosts() {
  const offers = useOffers();
  const running = (offers.data ?? []).filter((offer) => !offer.expired);
  if (offers.isPending) return null;
  if (running.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        You have no running offer at the moment.
      </Typography>
    );
  return (
    <Table size="small" sx={{ maxWidth: 560 }} aria-label="What a point costs in your offers">
      <TableHead>
        <TableRow>
          <TableCell>Your offer</TableCell>
          <TableCell>A computed point costs</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {running.map((offer) => (
          <TableRow key={offer.id}>
            <TableCell>{offer.name}</TableCell>
            <TableCell>{pointCost(offer)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Entry({
  entry,
  onDetail,
  signedIn,
}: {
  entry: FaqEntry;
  onDetail: (entry: FaqEntry) => void;
  signedIn: boolean;
}) {
  return (
    <Box component="section" id={entry.id} aria-labelledby={`${entry.id}-q`} sx={{ scrollMarginTop: 16 }}>
      <Typography variant="h3" id={`${entry.id}-q`} sx={{ mb: 1 }}>
        <Link href={`#${entry.id}`} underline="hover" color="inherit">
          {entry.question}
        </Link>
      </Typography>
      <Stack spacing={1}>
        {entry.answer.map((paragraph) => (
          <Typography key={paragraph} variant="body2">
            {paragraph}
          </Typography>
        ))}
        {entry.steps && (
          <Box component="ol" sx={{ m: 0, pl: 3, typography: 'body2', '& li': { mb: 0.5 } }}>
            {entry.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </Box>
        )}
        {entry.offerCosts && <OfferCosts signedIn={signedIn} />}
        {(entry.links || entry.detail) && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {entry.links?.map((link) => (
              <Link key={link.to} component={RouterLink} to={link.to} variant="body2">
                {link.label}
              </Link>
            ))}
            {entry.detail && (
              <Button size="small" onClick={() => onDetail(entry)}>
                More details
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

/** Public (issue 35): a prospect reads how things work before signing up; nothing on it is a customer's. */
export function FaqPage() {
  const user = useCurrentUser().data;
  const navigate = useNavigate();
  const location = useLocation();
  const [detail, setDetail] = useState<FaqEntry | null>(null);
  const [contacting, setContacting] = useState(false);
  // /help/faq#how-to-create-or-remove-a-location: the link of a question scrolls to it
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [location.hash]);

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(-1)}>
          Back
        </Button>
        <Typography variant="h1" sx={{ flex: 1 }}>
          Frequently asked questions
        </Typography>
        <Link component={RouterLink} to="/help/statistics">
          Statistics help
        </Link>
        <Button variant="outlined" startIcon={<MailOutlineIcon />} onClick={() => setContacting(true)}>
          Contact us
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Paper
          variant="outlined"
          component="nav"
          aria-label="Questions"
          sx={{ width: { xs: '100%', md: 300 }, flex: 'none', p: 2, position: { md: 'sticky' }, top: 16 }}
        >
          {FAQ.map((section) => (
            <Box key={section.title} sx={{ '& + &': { mt: 1.5 } }}>
              <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                {section.title}
              </Typography>
              <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 0, listStyle: 'none' }}>
                {section.entries.map((entry) => (
                  <li key={entry.id}>
                    <Link component={RouterLink} to={`#${entry.id}`} variant="body2" underline="hover">
                      {entry.question}
                    </Link>
                  </li>
                ))}
              </Stack>
            </Box>
          ))}
        </Paper>
        <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
          {FAQ.map((section) => (
            <Paper key={section.title} variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
              <Typography variant="h2" sx={{ mb: 2 }}>
                {section.title}
              </Typography>
              <Stack spacing={3}>
                {section.entries.map((entry) => (
                  <Entry key={entry.id} entry={entry} onDetail={setDetail} signedIn={!!user} />
                ))}
              </Stack>
            </Paper>
          ))}
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} id="contact-us">
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Box sx={{ flex: 1 }}>
                <Typography variant="h3">Your question is not here?</Typography>
                <Typography variant="body2" color="text.secondary">
                  Write to us: the team answers within two working days.
                </Typography>
              </Box>
              <Button variant="contained" onClick={() => setContacting(true)}>
                Contact us
              </Button>
            </Stack>
          </Paper>
        </Stack>
      </Stack>
      {detail?.detail && (
        <Dialog open onClose={() => setDetail(null)} maxWidth="sm" fullWidth>
          <DialogTitle>{detail.detail.title}</DialogTitle>
          <DialogContent dividers>
            <Stack spacing={1.5}>
              {detail.detail.paragraphs.map((paragraph) => (
                <Typography key={paragraph} variant="body2">
                  {paragraph}
                </Typography>
              ))}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDetail(null)}>Close</Button>
          </DialogActions>
        </Dialog>
      )}
      <ContactDialog open={contacting} onClose={() => setContacting(false)} user={user} />
    </Stack>
  );
}
