import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Offer } from '@metocean/contracts';
import { EmptyState } from '../../components/EmptyState';
import { frenchDate } from '../plans/format';
import { availableOffers } from './rules';

/**
 * 'Change Offer' (spec 000 §2.5): the non-expired offers as radio items with name, description and 'End
 * Offer' date; Save hands the chosen one back (the new project's offer).
 */
export function ChangeOfferDialog({
  offers,
  current,
  onSave,
  onClose,
}: {
  offers: Offer[];
  current: number | undefined;
  onSave: (offerId: number) => void;
  onClose: () => void;
}) {
  const usable = availableOffers(offers);
  const [chosen, setChosen] = useState(current ?? usable[0]?.id);
  return (
    <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 568 } } }}>
      <DialogTitle>Change Offer</DialogTitle>
      <DialogContent dividers>
        {usable.length === 0 ? (
          <EmptyState kind="offerProblem" title="No offers" />
        ) : (
          <RadioGroup
            aria-label="Offers"
            value={chosen ?? ''}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {usable.map((offer) => (
              <FormControlLabel
                key={offer.id}
                value={offer.id}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
                label={
                  <Stack spacing={0.25}>
                    <Typography variant="subtitle2">{offer.name}</Typography>
                    {offer.description && (
                      <Typography variant="body2" color="text.secondary">
                        {offer.description}
                      </Typography>
                    )}
                    <Typography variant="caption" color="text.secondary">
                      End Offer: {frenchDate(offer.offerEnd)}
                    </Typography>
                  </Stack>
                }
              />
            ))}
          </RadioGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={chosen === undefined || usable.length === 0}
          onClick={() => {
            if (chosen !== undefined) onSave(chosen);
            onClose();
          }}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
