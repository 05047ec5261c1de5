// The alpha choice of a planning or a contractors run (issue 32): none, the built-in DNV-OS-H101 (2011)
// Table 4-1 (with its calibration note, never called ST-N001) or one of the company's tables.
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { BUILT_IN_ALPHA, NO_ALPHA } from '@metocean/contracts';
import { OS_H101_2011_T4_1, OS_H101_NOTE } from '@metocean/core';
import { useAlphaTables } from './queries';

export function AlphaChoice({
  value,
  onChange,
  tpopLabel,
}: {
  value: string;
  onChange: (value: string) => void;
  /** What TPOP is for this tool ("each activity's min_hours", "the operation's duration"). */
  tpopLabel: string;
}) {
  const tables = useAlphaTables();
  const company = tables.data?.find((t) => t.choice === value);
  return (
    <Stack spacing={1}>
      <TextField
        select
        size="small"
        label="Alpha factors"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        helperText={`The limit becomes α × limit over the whole window, α by TPOP = ${tpopLabel}`}
        slotProps={{ htmlInput: { 'data-testid': 'alpha-choice' } }}
        sx={{ maxWidth: 520 }}
      >
        <MenuItem value={NO_ALPHA}>None (the raw operational limits)</MenuItem>
        <MenuItem value={BUILT_IN_ALPHA}>{OS_H101_2011_T4_1.name}</MenuItem>
        {(tables.data ?? []).map((t) => (
          <MenuItem key={t.id} value={t.choice}>
            {t.name} (company table, {t.parameter === 'hs' ? 'Hs' : 'wind speed'})
          </MenuItem>
        ))}
      </TextField>
      {value === BUILT_IN_ALPHA && (
        <Alert severity="info" data-testid="alpha-note">
          {OS_H101_NOTE} Operations of TPOP above 72 h are not weather-restricted and are refused.
        </Alert>
      )}
      {company && (
        <Alert severity="info">
          {company.name} · {company.source}
        </Alert>
      )}
    </Stack>
  );
}
