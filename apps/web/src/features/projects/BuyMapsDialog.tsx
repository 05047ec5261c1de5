import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { mapMessages, type Stat2dMap } from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { useMe } from '../../api/queries';
import { useBuyMaps } from '../../map/queries';

/**
 * Buying a zone's 2D statistics maps (spec 000 §5: free, or credits suffice and the user is a manager; §8:
 * the not-enough-credits title and message).
 */
export function BuyMapsDialog({
  map,
  onClose,
  onBought,
}: {
  map: Stat2dMap;
  onClose: () => void;
  onBought: (map: Stat2dMap) => void;
}) {
  const user = useMe();
  const buy = useBuyMaps();
  const credits = user.accounts[0]?.credits ?? 0;
  const short = map.price > credits;
  return (
    <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 500 } } }}>
      <DialogTitle>
        {short ? mapMessages.notEnoughCreditsTitle : `Buy the maps of ${map.zoneName}`}
      </DialogTitle>
      <DialogContent>
        {short ? (
          <Alert severity="error">{mapMessages.notEnoughCredits(map.price, credits)}</Alert>
        ) : (
          <DialogContentText>
            The 2D statistics maps (wind, currents, waves, water heights…) of {map.zoneName} are drawn on the
            project map with their colour bars.{' '}
            {map.price === 0 ? (
              <strong>They are free with your offer.</strong>
            ) : (
              <>
                They cost <strong>{map.price} credits</strong>; your account has {credits}.
              </>
            )}
          </DialogContentText>
        )}
        {buy.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(buy.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {short && (
          <Button href="mailto:support@metocean.example.com?subject=Credits" sx={{ mr: 'auto' }}>
            Contact us
          </Button>
        )}
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={short || !map.canBuy || buy.isPending}
          onClick={() =>
            buy.mutate(map.zone, {
              onSuccess: (bought) => {
                onBought(bought);
                onClose();
              },
            })
          }
        >
          Buy maps
        </Button>
      </DialogActions>
    </Dialog>
  );
}
