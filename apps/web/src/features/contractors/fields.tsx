// Small pieces of the wizard: an inline field that commits on Enter or blur, the updating state (dimmed,
// a spinner after 2 s; spec 001 §2.6, §9) and the confirmation and message modals (spec 001 §2.6 "Modals").
import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ApiError, errorMessage } from '../../api/client';

/** Spinner delay of an updating item (spec 001 §9). */
export const SPINNER_DELAY_MS = 2000;

/** A text or select field holding its own entry until Enter or blur commits it (an unchanged entry is not sent). */
export function InlineField({
  label,
  value,
  onCommit,
  options,
  width = 140,
  autoFocus,
  disabled,
  error,
  suffix,
  onFocus,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  /** Entering the field (a click or Tab): the row it belongs to becomes the selected one. */
  onFocus?: () => void;
  options?: { value: string; label: string }[];
  width?: number | string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: string;
  suffix?: string;
}) {
  const [entry, setEntry] = useState(value);
  // a new value from the server replaces the entry (adjusted while rendering, not in an effect)
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setEntry(value);
  }
  const commit = (next: string) => {
    if (next !== value) onCommit(next);
  };
  return (
    <TextField
      size="small"
      label={label}
      value={entry}
      select={options !== undefined}
      autoFocus={autoFocus}
      disabled={disabled}
      error={error !== undefined}
      helperText={error}
      sx={{ width }}
      onClick={(event) => event.stopPropagation()}
      onFocus={onFocus}
      onChange={(event) => {
        setEntry(event.target.value);
        // a choice in a list is complete at once
        if (options) commit(event.target.value);
      }}
      onBlur={() => !options && commit(entry)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !options) {
          event.preventDefault();
          commit(entry);
        }
      }}
      slotProps={{
        input: suffix ? { endAdornment: <Typography variant="caption">{suffix}</Typography> } : {},
      }}
    >
      {options?.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** An item while a call about it runs: dimmed, with a spinner once it has lasted 2 s. */
export function Updating({ busy, children }: { busy: boolean; children: ReactNode }) {
  const [late, setLate] = useState(false);
  if (!busy && late) setLate(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setLate(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    <Box sx={{ position: 'relative', opacity: busy ? 0.5 : 1, pointerEvents: busy ? 'none' : undefined }}>
      {children}
      {busy && late && (
        <CircularProgress size={18} sx={{ position: 'absolute', right: 8, top: 'calc(50% - 9px)' }} />
      )}
    </Box>
  );
}

/** The server's field errors by field, or a common message (spec 001 §7 handling of answers). */
export function callErrors(error: unknown): { fields: Record<string, string>; common: string | null } {
  if (error instanceof ApiError) {
    const fields = Object.fromEntries(
      Object.entries(error.body.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? '']),
    );
    const common = error.body.nonFieldErrors?.[0] ?? error.body.detail ?? null;
    if (Object.keys(fields).length > 0 || common) return { fields, common };
  }
  return { fields: {}, common: errorMessage(error) };
}

export function MessageDialog({
  title,
  children,
  onClose,
  actions,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  actions?: ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>{actions ?? <Button onClick={onClose}>Close</Button>}</DialogActions>
    </Dialog>
  );
}
