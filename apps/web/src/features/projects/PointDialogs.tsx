import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { limits, messages, type Point } from '@metocean/contracts';
import { ApiError, errorMessage } from '../../api/client';
import { useDeleteAllPoints, useUpdatePoint } from './queries';
import { pointNameField } from './form-rules';
import { coordinateError } from './rules';

/** Coordinates are edited at the list's precision and beyond: 6 decimals is about 0.1 m. */
const editDigits = 6;

function editForm(taken: readonly string[]) {
  const coordinate = (limit: 90 | 180) =>
    z.string().superRefine((text, context) => {
      const error = text.trim() === '' ? messages.required : coordinateError(text, limit);
      if (error) context.addIssue({ code: 'custom', message: error });
    });
  return z.object({ name: pointNameField(taken), lat: coordinate(90), lng: coordinate(180) });
}
type EditFields = z.input<ReturnType<typeof editForm>>;

const fieldsOf = (point: Point): EditFields => ({
  name: point.name,
  lat: String(Number(point.lat.toFixed(editDigits))),
  lng: String(Number(point.lng.toFixed(editDigits))),
});

/**
 * Managers rename a point or move it (spec 000 §6 'add, edit and remove points', §7 PUT /api/points/{id}/ with
 * nbVersion). The name follows the new-point rules (unique in the project); a computed point keeps its
 * position (its statistics were read there). The version sent is the one the dialog opened with: when
 * someone else changed the point meanwhile the server answers 409 and the dialog shows the stale-data message
 * (spec 000 §8) with a button that takes the current version.
 */
export function PointEditDialog({
  point,
  otherNames,
  onClose,
}: {
  /** The point as the project currently holds it (refreshed after a conflict). */
  point: Point;
  otherNames: readonly string[];
  onClose: () => void;
}) {
  const update = useUpdatePoint();
  const [base, setBase] = useState(point);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid },
  } = useForm<EditFields>({
    resolver: zodResolver(editForm(otherNames)),
    mode: 'onChange',
    defaultValues: fieldsOf(point),
  });
  const stale = update.error instanceof ApiError && update.error.status === 409;
  const fieldErrors = update.error instanceof ApiError ? (update.error.body.fieldErrors ?? {}) : {};
  const serverError = (field: string) => fieldErrors[field]?.[0];
  const submit = handleSubmit(({ name, lat, lng }) =>
    update.mutate(
      {
        id: base.id,
        project: base.project,
        name: name.trim(),
        lat: base.isComputed ? base.lat : Number(lat),
        lng: base.isComputed ? base.lng : Number(lng),
        nbVersion: base.nbVersion,
      },
      { onSuccess: onClose },
    ),
  );
  return (
    <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 460 } } }}>
      <DialogTitle>Edit {base.name}</DialogTitle>
      <DialogContent>
        <Stack component="form" id="point-edit" noValidate spacing={2} sx={{ pt: 1 }} onSubmit={submit}>
          <TextField
            label="Point name"
            autoFocus
            {...register('name')}
            error={errors.name !== undefined || serverError('name') !== undefined}
            helperText={errors.name?.message ?? serverError('name') ?? ' '}
            slotProps={{ htmlInput: { maxLength: limits.pointNameMax } }}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              label="Latitude (°)"
              {...register('lat')}
              disabled={base.isComputed}
              error={errors.lat !== undefined || serverError('lat') !== undefined}
              helperText={errors.lat?.message ?? serverError('lat') ?? ' '}
            />
            <TextField
              label="Longitude (°)"
              {...register('lng')}
              disabled={base.isComputed}
              error={errors.lng !== undefined || serverError('lng') !== undefined}
              helperText={errors.lng?.message ?? serverError('lng') ?? ' '}
            />
          </Stack>
          {base.isComputed && (
            <Alert severity="info">A computed point keeps its position: only its name can change.</Alert>
          )}
          {update.error && (
            <Alert
              severity="error"
              action={
                stale ? (
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      setBase(point);
                      reset(fieldsOf(point));
                      update.reset();
                    }}
                  >
                    Reload
                  </Button>
                ) : undefined
              }
            >
              {errorMessage(update.error)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="submit"
          form="point-edit"
          variant="contained"
          disabled={!isValid || update.isPending || stale}
        >
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Deleting every point of a project (spec 000 §7 'delete all in project', DELETE /api/points/ with the bulk
 * header), after a confirmation that says what goes with them.
 */
export function DeleteAllPointsDialog({
  projectId,
  count,
  computed,
  onClose,
  onDeleted,
}: {
  projectId: number;
  count: number;
  computed: number;
  onClose: () => void;
  onDeleted: (deleted: number) => void;
}) {
  const remove = useDeleteAllPoints();
  return (
    <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 460 } } }}>
      <DialogTitle>Delete every point?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The {count} point{count === 1 ? '' : 's'} of this project will be deleted
          {computed > 0
            ? `, with the statistics of the ${computed} computed one${computed === 1 ? '' : 's'}`
            : ''}
          . This cannot be undone; the credits spent are not given back.
        </DialogContentText>
        {remove.error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(remove.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color="error"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(projectId, {
              onSuccess: ({ deleted }) => {
                onDeleted(deleted);
                onClose();
              },
            })
          }
        >
          Delete all points
        </Button>
      </DialogActions>
    </Dialog>
  );
}
