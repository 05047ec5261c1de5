import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import PublicIcon from '@mui/icons-material/Public';
import type { Offer } from '@metocean/contracts';
import { activeFirst, allowance, frenchDate, offerFeatures } from './format';

const number = new Intl.NumberFormat('en-GB');
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A chip small enough to sit several to a table cell. */
function TinyChip(props: ChipProps) {
  return (
    <Chip
      size="small"
      {...props}
      sx={{ height: 20, fontSize: '0.72rem', '& .MuiChip-label': { px: 0.75 }, ...props.sx }}
    />
  );
}

function ChipList({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0 }}>
      {children}
    </Box>
  );
}

function ZoneChips({ offer }: { offer: Offer }) {
  if (offer.zones.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No zone
      </Typography>
    );
  }
  return (
    <ChipList label={`Zones of ${offer.name}`}>
      {offer.zones.map((zone) => (
        <li key={zone.id} style={{ listStyle: 'none' }}>
          <TinyChip
            variant="outlined"
            icon={zone.isWorld ? <PublicIcon sx={{ fontSize: '0.9rem !important' }} /> : undefined}
            label={zone.isDemo ? `${zone.name} (demo)` : zone.name}
          />
        </li>
      ))}
    </ChipList>
  );
}

function FeatureChips({ offer }: { offer: Offer }) {
  const features = offerFeatures.filter((feature) => offer[feature.flag]);
  if (features.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Statistics only
      </Typography>
    );
  }
  return (
    <ChipList label={`Features of ${offer.name}`}>
      {features.map((feature) => (
        <li key={feature.flag} style={{ listStyle: 'none' }}>
          <Tooltip title={feature.hint}>
            <TinyChip
              label={feature.label}
              sx={{ bgcolor: 'rgba(10, 110, 189, 0.1)', color: 'primary.dark', fontWeight: 500 }}
            />
          </Tooltip>
        </li>
      ))}
    </ChipList>
  );
}

/** Every offer of the account (spec 000 §2.10, §3 Offer): one row each, active ones first. */
export function OffersTable({ offers }: { offers: readonly Offer[] }) {
  return (
    <TableContainer>
      <Table aria-label="Plans" sx={{ '& td': { verticalAlign: 'top' } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ minWidth: 200 }}>Plan</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Start</TableCell>
            <TableCell>End</TableCell>
            <TableCell align="right">Credits granted</TableCell>
            <TableCell align="right">Projects</TableCell>
            <TableCell align="right">Points</TableCell>
            <TableCell sx={{ minWidth: 220 }}>Zones</TableCell>
            <TableCell sx={{ minWidth: 190 }}>Features</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {activeFirst(offers).map((offer) => (
            <TableRow
              key={offer.id}
              data-testid="offer-row"
              sx={offer.expired ? { '& td': { color: 'text.secondary' } } : undefined}
            >
              <TableCell component="th" scope="row" sx={{ verticalAlign: 'top' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {offer.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {offer.description}
                </Typography>
                {offer.packName !== offer.name && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    Pack: {offer.packName}
                  </Typography>
                )}
                {offer.informationalMessage && (
                  <Typography
                    variant="caption"
                    component="div"
                    sx={{ display: 'flex', gap: 0.5, alignItems: 'center', color: 'info.dark', mt: 0.25 }}
                  >
                    <InfoOutlinedIcon sx={{ fontSize: '0.9rem' }} />
                    {offer.informationalMessage}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <TinyChip
                  variant="outlined"
                  color={offer.expired ? 'error' : 'success'}
                  label={offer.expired ? 'Expired' : 'Active'}
                />
              </TableCell>
              <TableCell sx={numeric}>{frenchDate(offer.offerStart)}</TableCell>
              <TableCell sx={numeric}>{frenchDate(offer.offerEnd)}</TableCell>
              <TableCell align="right" sx={numeric}>
                {number.format(offer.credits)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {allowance(offer.nbProjects, offer.isUnlimited)}
              </TableCell>
              <TableCell align="right" sx={numeric}>
                {allowance(offer.nbAuthPoints, offer.isUnlimited)}
              </TableCell>
              <TableCell>
                <ZoneChips offer={offer} />
              </TableCell>
              <TableCell>
                <FeatureChips offer={offer} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
