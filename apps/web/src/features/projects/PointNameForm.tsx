import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { limits } from '@metocean/contracts';
import { pointNameField } from './form-rules';

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
  const {
    control,
    handleSubmit,
    setValue,
    formState: { isValid },
  } = useForm<{ name: string }>({
    resolver: zodResolver(z.object({ name: pointNameField(taken) })),
    mode: 'onChange',
    defaultValues: { name: initial },
  });
  const { field, fieldState } = useController({ control, name: 'name' });
  return (
    <Stack
      component="form"
      noValidate
      onSubmit={handleSubmit(({ name }) => !saving && onSave(name))}
      spacing={1}
      sx={{ width: 230 }}
      data-testid="point-name-form"
    >
      <TextField
        label="Point name"
        name={field.name}
        inputRef={field.ref}
        value={field.value}
        autoFocus
        error={fieldState.error !== undefined}
        helperText={fieldState.error?.message ?? ' '}
        onChange={(event) => field.onChange(event.target.value.slice(0, limits.pointNameMax))}
        onBlur={() => {
          field.onBlur();
          if (field.value.trim() === '') setValue('name', initial, { shouldValidate: true });
        }}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={!isValid || saving}>
          Save
        </Button>
      </Stack>
    </Stack>
  );
}
