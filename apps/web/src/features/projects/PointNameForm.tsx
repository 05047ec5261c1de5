import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { limits, messages } from '@metocean/contracts';

/**
 * The popup asking for a new point's name (spec 000 §5): unique in the project ('Point name already exists'),
 * Save disabled when empty or duplicated, an emptied name restored to the default.
 */
export function PointNameForm({
  initial,
  taken,
  onSave,
  onCancel,
  saving = false,
  error = null,
}: {
  initial: string;
  taken: string[];
  onSave: (name: string) => void;
  onCancel: () => void;
  saving?: boolean;
  error?: string | null;
}) {
  const [name, setName] = useState(initial);
  const duplicated = taken.some((other) => other.toLowerCase() === name.trim().toLowerCase());
  const empty = name.trim() === '';
  const save = () => {
    if (!empty && !duplicated && !saving) onSave(name.trim());
  };
  return (
    <Stack spacing={1} sx={{ width: 230 }} data-testid="point-name-form">
      <TextField
        label="Point name"
        value={name}
        autoFocus
        error={duplicated}
        helperText={duplicated ? messages.pointNameExists : ' '}
        onChange={(event) => setName(event.target.value.slice(0, limits.pointNameMax))}
        onBlur={() => empty && setName(initial)}
        onKeyDown={(event) => event.key === 'Enter' && save()}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={empty || duplicated || saving} onClick={save}>
          Save
        </Button>
      </Stack>
    </Stack>
  );
}
