// A row's points (spec 002 §2, §9): up to three by name; more collapse to a "{n} points" link opening a
// modal that lists them.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UsagePoint } from '@metocean/contracts';
import { pointsCell } from '../../components/pointsCell';

const coordinate = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 4, maximumFractionDigits: 4 });

export function PointsTable({ points }: { points: readonly UsagePoint[] }) {
  return (
    <TableContainer sx={{ maxHeight: 420 }}>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            <TableCell>Point</TableCell>
            <TableCell>Project</TableCell>
            <TableCell align="right">Latitude (°)</TableCell>
            <TableCell align="right">Longitude (°)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {points.map((point) => (
            <TableRow key={point.id}>
              <TableCell>{point.name}</TableCell>
              <TableCell>{point.projectName}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {coordinate.format(point.lat)}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {coordinate.format(point.lng)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function PointsCell({ points, owner }: { points: readonly UsagePoint[]; owner: string }) {
  const [open, setOpen] = useState(false);
  const summary = pointsCell(points);
  if (summary.kind === 'names') {
    return summary.names.length === 0 ? (
      <Typography variant="body2" color="text.secondary">
        No point
      </Typography>
    ) : (
      <>{summary.names.join(', ')}</>
    );
  }
  return (
    <>
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        onKeyDown={(event) => event.stopPropagation()}
      >
        {summary.label}
      </Link>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        onClick={(event) => event.stopPropagation()}
        fullWidth
        maxWidth="md"
      >
        <DialogTitle>
          Points of {owner} ({points.length})
        </DialogTitle>
        <DialogContent dividers sx={{ p: 0 }}>
          <PointsTable points={points} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Close</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
