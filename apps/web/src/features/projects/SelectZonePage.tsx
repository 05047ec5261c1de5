// /select_zone (spec 000 §2.1 zone picker): the zones of the user's running offers, each with its outline,
// kind and datasets; choosing an offer of a zone starts a project in it — the new-project page with the
// zone chosen, or, for a trial offer, the trial project created at once (spec 000 §2.5).
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Offer, Zone } from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { useMe, useOffers } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { SectionLoader } from '../../components/Loader';
import { useCreateTrialProject, useZones } from './queries';
import { zoneChoices } from './rules';
import { ZonePreview } from './ZonePreview';

function ZoneCard({
  zone,
  offers,
  canCreate,
  busy,
  onChoose,
}: {
  zone: Zone;
  offers: Offer[];
  canCreate: boolean;
  busy: boolean;
  onChoose: (offer: Offer) => void;
}) {
  const preview = useMemo(() => ({ zone, points: [] }), [zone]);
  const real = zone.datasets.filter((d) => !d.synthetic).length;
  return (
    <Card variant="outlined" data-testid="zone-card" sx={{ display: 'flex', flexDirection: 'column' }}>
      <ZonePreview project={preview} height={170} />
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}
        >
          <Typography variant="h3" component="h2" sx={{ mr: 'auto' }}>
            {zone.name}
          </Typography>
          <Chip size="small" label={zone.isWorld ? 'Global Data' : 'High-Resolution'} />
          {zone.isDemo && <Chip size="small" color="success" label="Demo zone: free" />}
          {zone.isCyclonic && <Chip size="small" color="warning" variant="outlined" label="Cyclonic" />}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {zone.description}
        </Typography>
        <Typography variant="body2">
          {zone.datasets.length === 0
            ? 'No dataset serves this zone yet.'
            : `${zone.datasets.length} dataset${zone.datasets.length === 1 ? '' : 's'}` +
              (real > 0 ? ` (${real} real record${real === 1 ? '' : 's'})` : '') +
              (zone.has2DStatistics ? ' · statistics maps' : '')}
        </Typography>
      </CardContent>
      {canCreate && (
        <CardActions sx={{ flexWrap: 'wrap', gap: 0.5, px: 2, pb: 1.5 }}>
          {offers.length > 1 && (
            <Typography variant="caption" color="text.secondary" sx={{ width: '100%' }}>
              New project with
            </Typography>
          )}
          {offers.map((offer) => (
            <Button
              key={offer.id}
              variant={offer === offers[0] ? 'contained' : 'outlined'}
              disabled={busy}
              onClick={() => onChoose(offer)}
              aria-label={`New project in ${zone.name} with ${offer.name}`}
              sx={{ ml: '0 !important' }}
            >
              {offers.length === 1 ? `New project with ${offer.name}` : offer.name}
            </Button>
          ))}
        </CardActions>
      )}
    </Card>
  );
}

export function SelectZonePage() {
  const user = useMe();
  const navigate = useNavigate();
  const zones = useZones();
  const offers = useOffers();
  const trial = useCreateTrialProject();
  const [error, setError] = useState<string | null>(null);

  const failed = zones.error ?? offers.error;
  if (failed) return <Alert severity="error">{errorMessage(failed)}</Alert>;
  if (!zones.data || !offers.data) return <SectionLoader />;
  const choices = zoneChoices(zones.data, offers.data);

  const choose = async (zone: Zone, offer: Offer) => {
    setError(null);
    if (!offer.isTrial) {
      void navigate(`/new_project?offerId=${offer.id}&zone=${zone.id}`);
      return;
    }
    try {
      const projectId = await trial.run(offer, zone, user.id);
      void navigate(`/project/${projectId}/query`);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 1280, mx: 'auto' }}>
      <Box>
        <Typography variant="h1">Choose a zone</Typography>
        <Typography color="text.secondary">
          The work zones your running offers open. A project belongs to one zone: its points must lie inside
          it, and they are computed from the datasets serving it.
        </Typography>
      </Box>
      {!user.isStaff && (
        <Alert severity="info">
          Only managers create projects. Ask a manager of your team to create one and add you to it.
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {choices.length === 0 ? (
        <EmptyState
          kind="offerProblem"
          title="No zone available"
          action={
            <Button component={RouterLink} to="/plans" variant="contained">
              See my plans
            </Button>
          }
        />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
          }}
        >
          {choices.map(({ zone, offers: zoneOffers }) => (
            <ZoneCard
              key={zone.id}
              zone={zone}
              offers={zoneOffers}
              canCreate={user.isStaff}
              busy={trial.isPending}
              onChoose={(offer) => void choose(zone, offer)}
            />
          ))}
        </Box>
      )}
    </Stack>
  );
}
