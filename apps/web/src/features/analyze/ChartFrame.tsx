// The frame around every chart view: legend show/hide, PNG download named with the point, and the Excel,
// Matlab and NetCDF exports (gated by the offer's canDownloadStats; the upgrade modal otherwise).
import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ImageIcon from '@mui/icons-material/Image';
import { errorMessage } from '../../api/client';
import { downloadExport, fileNameOf, type ExportKind, type ExportRequest, type WindowQuery } from './api';
import { chartPng, type ChartInstance } from './EChart';

export interface ExportTarget {
  projectId: number;
  pointId: number;
  pointName: string;
  statId: string;
  month?: number;
  levelIndex?: number;
  classes?: Record<string, number[]>;
  /** WW / WD recomputed with the user's limit and durations: the exports carry the same numbers. */
  windows?: WindowQuery;
}

export interface DownloadRights {
  canDownload: boolean;
  onNeedUpgrade: () => void;
}

const KINDS: { kind: ExportKind; label: string }[] = [
  { kind: 'EXCEL', label: 'Excel' },
  { kind: 'MATLAB', label: 'Matlab' },
  { kind: 'NETCDF', label: 'NetCDF' },
];

export function ExportButtons({ target, rights }: { target: ExportTarget; rights: DownloadRights }) {
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = (kind: ExportKind) => {
    if (!rights.canDownload) {
      rights.onNeedUpgrade();
      return;
    }
    const request: ExportRequest = {
      projectId: target.projectId,
      pointId: target.pointId,
      statId: target.statId,
      kind,
      fileName: fileNameOf(target.pointName, target.statId),
      month: target.month,
      levelIndex: target.levelIndex,
      classes: target.classes,
      windows: target.windows,
    };
    setBusy(kind);
    setError(null);
    downloadExport(request)
      .catch((caught: unknown) => setError(`Export failed: ${errorMessage(caught)}`))
      .finally(() => setBusy(null));
  };
  return (
    <>
      <ButtonGroup size="small" variant="outlined" aria-label="Export">
        {KINDS.map(({ kind, label }) => (
          <Button
            key={kind}
            onClick={() => run(kind)}
            disabled={busy !== null}
            startIcon={busy === kind ? <CircularProgress size={12} /> : undefined}
          >
            {label}
          </Button>
        ))}
      </ButtonGroup>
      {error && (
        <Alert severity="error" onClose={() => setError(null)} sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </>
  );
}

export interface ChartFrameProps {
  chart: ChartInstance | null;
  target: ExportTarget;
  rights: DownloadRights;
  legend?: boolean;
  onLegend?: (shown: boolean) => void;
  /** Selectors shown above the chart (month, level, duration…). */
  controls?: ReactNode;
  children: ReactNode;
}

export function ChartFrame({ chart, target, rights, legend, onLegend, controls, children }: ChartFrameProps) {
  const downloadPng = () => {
    if (!chart) return;
    const link = Object.assign(document.createElement('a'), {
      href: chartPng(chart),
      download: `${fileNameOf(target.pointName, target.statId)}.png`,
    });
    document.body.append(link);
    link.click();
    link.remove();
  };
  return (
    <Stack spacing={1} data-testid={`chart-${target.statId}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {controls}
        <Box sx={{ flex: 1 }} />
        {onLegend && (
          <FormControlLabel
            control={
              <Switch size="small" checked={legend !== false} onChange={(e) => onLegend(e.target.checked)} />
            }
            label="Legend"
          />
        )}
        <Button size="small" startIcon={<ImageIcon />} onClick={downloadPng} disabled={!chart}>
          Image
        </Button>
        <ExportButtons target={target} rights={rights} />
      </Stack>
      {children}
    </Stack>
  );
}
