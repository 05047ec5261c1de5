// The outputs step (spec 001 §2.6, §5): percentiles to compute (the default list and custom ones, added in
// the percentile modal, each custom one deletable) and one output format with its explanation.
import { useState } from 'react';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import {
  contractorFormats,
  DEFAULT_CONTRACTOR_PERCENTILES,
  type ContractorFormatName,
  type ContractorParameters,
} from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { MessageDialog } from './fields';
import { useCustomerPercentiles, useSavePercentiles } from './queries';
import { isCustomPercentile, percentileError, percentileMessages } from './rules';
import { AlphaChoice } from '../alpha/AlphaChoice';

export const formatLabels: Record<ContractorFormatName, { label: string; help: string }> = {
  DURATION: {
    label: 'Duration',
    help: 'Total duration of the operations (waiting for weather, then working), in days, per month of the start.',
  },
  WEATHER_WINDOW: {
    label: 'Weather window',
    help: "Share of a month's starts (%) at which each operation can start without waiting for weather; the value reached in the percentile's share of years.",
  },
  WEATHER_WINDOW_COMPLEMENT: {
    label: 'Weather window complement',
    help: "Share of a month's starts (%) that must wait for weather (100 − weather window); the value not exceeded in the percentile's share of years.",
  },
};

function PercentileDialog({
  existing,
  onAdd,
  onClose,
}: {
  existing: number[];
  onAdd: (p: number) => void;
  onClose: () => void;
}) {
  const [entry, setEntry] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const add = () => {
    const error = percentileError(entry, existing);
    setCode(error);
    if (error === null) {
      onAdd(Number(entry.trim()));
      onClose();
    }
  };
  return (
    <MessageDialog
      title="Add a percentile"
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="contained" onClick={add}>
            Add
          </Button>
        </>
      }
    >
      <TextField
        autoFocus
        fullWidth
        label="Percentile"
        value={entry}
        error={code !== null}
        helperText={code ? percentileMessages[code] : 'A whole number from 1 to 99'}
        onChange={(event) => setEntry(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            // kept from the button that gets the focus back when the modal closes
            event.preventDefault();
            add();
          }
        }}
        sx={{ mt: 1 }}
      />
    </MessageDialog>
  );
}

export function OutputsStep({
  parameters,
  setParameters,
  fieldError,
  customer,
  editable,
}: {
  parameters: ContractorParameters;
  setParameters: (p: ContractorParameters) => void;
  fieldError: string | null;
  customer: number;
  editable: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const settings = useCustomerPercentiles(customer);
  const savePercentiles = useSavePercentiles(customer);
  const set = settings.data?.percentiles ?? DEFAULT_CONTRACTOR_PERCENTILES;
  const offered = [...new Set([...set, ...parameters.percentiles])].sort((a, b) => a - b);
  // the customer's set keeps custom percentiles for the next runs
  const changeSet = (next: number[], selection: number[]) => {
    setParameters({ ...parameters, percentiles: selection });
    setSaveError(null);
    savePercentiles(next).catch((error: unknown) => setSaveError(errorMessage(error)));
  };
  const toggle = (p: number) =>
    setParameters({
      ...parameters,
      percentiles: parameters.percentiles.includes(p)
        ? parameters.percentiles.filter((x) => x !== p)
        : [...parameters.percentiles, p].sort((a, b) => a - b),
    });
  return (
    <Stack direction="row" spacing={2}>
      <Paper variant="outlined" sx={{ flex: 1, p: 2 }}>
        <Typography variant="h3" sx={{ mb: 1 }}>
          Percentiles
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {offered.map((p) => (
            <Chip
              key={p}
              label={`P${p}`}
              color={parameters.percentiles.includes(p) ? 'primary' : 'default'}
              variant={parameters.percentiles.includes(p) ? 'filled' : 'outlined'}
              onClick={() => toggle(p)}
              onDelete={
                editable && isCustomPercentile(p)
                  ? () =>
                      changeSet(
                        set.filter((x) => x !== p),
                        parameters.percentiles.filter((x) => x !== p),
                      )
                  : undefined
              }
            />
          ))}
          <Button size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)} disabled={!editable}>
            Custom percentile
          </Button>
        </Stack>
        {saveError && (
          <Typography color="error" variant="body2" sx={{ mt: 1 }}>
            {saveError}
          </Typography>
        )}
        {fieldError && (
          <Typography color="error" variant="body2" sx={{ mt: 1 }}>
            {fieldError}
          </Typography>
        )}
      </Paper>
      <Paper variant="outlined" sx={{ flex: 1, p: 2 }}>
        <Typography variant="h3" sx={{ mb: 1 }}>
          Output format
        </Typography>
        <RadioGroup
          value={parameters.outputFormat ?? ''}
          onChange={(event) =>
            setParameters({ ...parameters, outputFormat: event.target.value as ContractorFormatName })
          }
        >
          {contractorFormats.map((f) => (
            <Stack key={f} direction="row" sx={{ alignItems: 'center' }}>
              <FormControlLabel value={f} control={<Radio />} label={formatLabels[f].label} />
              <Tooltip title={formatLabels[f].help}>
                <InfoOutlinedIcon
                  fontSize="small"
                  color="action"
                  aria-label={`About ${formatLabels[f].label}`}
                />
              </Tooltip>
            </Stack>
          ))}
        </RadioGroup>
        <Typography variant="h3" sx={{ mt: 2, mb: 1 }}>
          Alpha factors
        </Typography>
        <AlphaChoice
          value={parameters.alpha}
          onChange={(alpha) => setParameters({ ...parameters, alpha })}
          tpopLabel="the operation's duration"
        />
      </Paper>
      {adding && (
        <PercentileDialog
          existing={offered}
          onClose={() => setAdding(false)}
          onAdd={(p) =>
            changeSet(
              [...set, p].sort((a, b) => a - b),
              [...parameters.percentiles, p].sort((a, b) => a - b),
            )
          }
        />
      )}
    </Stack>
  );
}
