import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ShapeLineOutlinedIcon from '@mui/icons-material/ShapeLineOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  geometryLimits,
  geometryName,
  geometryPalette,
  type GeometryLayerType,
  type ProjectGeometry,
} from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import {
  useDeleteGeometry,
  useGeometries,
  useUpdateGeometry,
  useUpdateGeometryLayer,
  useUploadGeometry,
} from './queries';

const typeLabels: Record<GeometryLayerType, string> = {
  point: 'Points',
  line: 'Lines',
  polygon: 'Filled areas',
};

/** A colour swatch; for editors it opens the fixed palette (spec 000 §2.7). */
function ColourPicker({
  colour,
  label,
  onChange,
}: {
  colour: string;
  label: string;
  onChange?: (colour: string) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const swatch = (c: string, size = 18) => (
    <Box
      component="span"
      sx={{
        display: 'block',
        width: size,
        height: size,
        borderRadius: '4px',
        bgcolor: c,
        boxShadow: '0 0 0 1px #0002',
      }}
    />
  );
  if (!onChange) return <Box sx={{ p: '5px' }}>{swatch(colour)}</Box>;
  return (
    <>
      <IconButton size="small" aria-label={label} onClick={(event) => setAnchor(event.currentTarget)}>
        {swatch(colour)}
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 28px)', gap: 0.5, px: 1 }} role="listbox">
          {geometryPalette.map((c) => (
            <IconButton
              key={c}
              size="small"
              role="option"
              aria-label={c}
              aria-selected={c === colour}
              sx={{ outline: c === colour ? '2px solid #13315c' : undefined }}
              onClick={() => {
                setAnchor(null);
                if (c !== colour) onChange(c);
              }}
            >
              {swatch(c, 16)}
            </IconButton>
          ))}
        </Box>
      </Menu>
    </>
  );
}

function GeometryRow({
  geometry,
  projectId,
  editable,
  onError,
}: {
  geometry: ProjectGeometry;
  projectId: number;
  editable: boolean;
  onError: (message: string | null) => void;
}) {
  const update = useUpdateGeometry(projectId);
  const updateLayer = useUpdateGeometryLayer(projectId);
  const remove = useDeleteGeometry(projectId);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const nameCheck = renaming === null ? null : geometryName.safeParse(renaming);
  const fail = (error: unknown) => onError(errorMessage(error));

  const saveName = () => {
    if (!nameCheck?.success) return;
    if (nameCheck.data === geometry.name) return setRenaming(null);
    update.mutate(
      { id: geometry.id, name: nameCheck.data },
      { onSuccess: () => setRenaming(null), onError: fail },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: 1 }} data-testid="geometry-row">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <ColourPicker
          colour={geometry.color}
          label={`Colour of ${geometry.name}`}
          onChange={
            editable ? (color) => update.mutate({ id: geometry.id, color }, { onError: fail }) : undefined
          }
        />
        {renaming !== null ? (
          <TextField
            autoFocus
            size="small"
            value={renaming}
            onChange={(event) => setRenaming(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') saveName();
              if (event.key === 'Escape') setRenaming(null);
            }}
            error={nameCheck?.success === false}
            helperText={nameCheck?.success === false ? nameCheck.error.issues[0]?.message : ' '}
            slotProps={{ htmlInput: { 'aria-label': 'Geometry name', maxLength: geometryLimits.nameMax } }}
            sx={{ flex: 1 }}
          />
        ) : (
          <Typography variant="subtitle2" sx={{ flex: 1 }} noWrap>
            {geometry.name}
          </Typography>
        )}
        {editable &&
          (renaming !== null ? (
            <>
              <Button size="small" onClick={() => setRenaming(null)}>
                Cancel
              </Button>
              <Button
                size="small"
                variant="contained"
                disabled={!nameCheck?.success || update.isPending}
                onClick={saveName}
              >
                Save
              </Button>
            </>
          ) : confirmDelete ? (
            <>
              <Button size="small" onClick={() => setConfirmDelete(false)}>
                Keep
              </Button>
              <Button
                size="small"
                color="error"
                variant="contained"
                disabled={remove.isPending}
                onClick={() => remove.mutate(geometry.id, { onError: fail })}
              >
                Delete
              </Button>
            </>
          ) : (
            <>
              <Tooltip title="Rename">
                <IconButton
                  size="small"
                  aria-label={`Rename ${geometry.name}`}
                  onClick={() => setRenaming(geometry.name)}
                >
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Delete">
                <IconButton
                  size="small"
                  aria-label={`Delete ${geometry.name}`}
                  onClick={() => setConfirmDelete(true)}
                >
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </>
          ))}
      </Stack>
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, pl: 4.5, pr: 0 }}
        aria-label={`Layers of ${geometry.name}`}
      >
        {geometry.layers.map((layer) => (
          <Stack
            component="li"
            key={layer.id}
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', py: 0.25 }}
            data-testid="geometry-layer"
          >
            <ColourPicker
              colour={layer.color}
              label={`Colour of layer ${layer.name}`}
              onChange={
                editable
                  ? (color) =>
                      updateLayer.mutate(
                        { id: geometry.id, type: layer.type, layerId: layer.id, color },
                        { onError: fail },
                      )
                  : undefined
              }
            />
            <Typography variant="body2" sx={{ flex: 1 }} noWrap>
              {layer.name}{' '}
              <Typography component="span" variant="caption" color="text.secondary">
                · {layer.features.features.length} feature{layer.features.features.length === 1 ? '' : 's'}
              </Typography>
            </Typography>
            <Select
              native
              size="small"
              value={layer.type}
              disabled={!editable || layer.allowedTypes.length < 2 || updateLayer.isPending}
              inputProps={{ 'aria-label': `Type of layer ${layer.name}` }}
              onChange={(event) =>
                updateLayer.mutate(
                  {
                    id: geometry.id,
                    type: layer.type,
                    layerId: layer.id,
                    newType: event.target.value,
                  },
                  { onError: fail },
                )
              }
              sx={{ width: 140, fontSize: 13 }}
            >
              {(layer.allowedTypes.length > 0 ? layer.allowedTypes : [layer.type]).map((type) => (
                <option key={type} value={type}>
                  {typeLabels[type]}
                </option>
              ))}
            </Select>
          </Stack>
        ))}
      </Box>
    </Paper>
  );
}

/**
 * The geometry management dialog (spec 000 §2.7): upload .kml, .kmz, .json GeoJSON or zipped shapefiles; each
 * geometry has a name, a colour from the fixed palette and layers whose colour and type can be changed.
 * Members see the list read-only.
 */
export function GeometryDialog({
  projectId,
  editable,
  onClose,
}: {
  projectId: number;
  editable: boolean;
  onClose: () => void;
}) {
  const geometries = useGeometries(projectId);
  const upload = useUploadGeometry(projectId);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = geometries.data ?? [];

  return (
    <Dialog open onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 600 } } }}>
      <DialogTitle>Manage geometries</DialogTitle>
      <DialogContent dividers sx={{ minHeight: 200 }}>
        {editable && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
            <input
              ref={input}
              type="file"
              hidden
              accept=".kml,.kmz,.json,.geojson,.zip"
              aria-label="Geometry file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (!file) return;
                setError(null);
                upload.mutate(file, { onError: (caught) => setError(errorMessage(caught)) });
              }}
            />
            <Button
              variant="outlined"
              startIcon={upload.isPending ? <CircularProgress size={16} /> : <UploadFileIcon />}
              disabled={upload.isPending}
              onClick={() => input.current?.click()}
            >
              Upload geometry
            </Button>
            <Typography variant="caption" color="text.secondary">
              .kml, .kmz, .json GeoJSON or a zipped shapefile (.zip), up to{' '}
              {geometryLimits.fileMaxBytes / 1024 / 1024} MB
            </Typography>
          </Stack>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 1.5 }} onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {geometries.isPending ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress size={24} />
          </Box>
        ) : geometries.error ? (
          <Alert severity="error">{errorMessage(geometries.error)}</Alert>
        ) : list.length === 0 ? (
          <Stack
            spacing={0.5}
            sx={{ alignItems: 'center', py: 4, color: 'text.secondary' }}
            data-testid="empty-geometries"
          >
            <ShapeLineOutlinedIcon fontSize="large" />
            <Typography variant="subtitle1">No geometry uploaded</Typography>
            <Typography variant="body2">
              {editable
                ? 'Upload a cable route, a wind-farm boundary or an exclusion zone to see it on the map.'
                : 'A manager of the project can upload geometries.'}
            </Typography>
          </Stack>
        ) : (
          <Stack spacing={1} sx={{ maxHeight: 420, overflow: 'auto' }}>
            {list.map((geometry) => (
              <GeometryRow
                key={geometry.id}
                geometry={geometry}
                projectId={projectId}
                editable={editable}
                onError={setError}
              />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
