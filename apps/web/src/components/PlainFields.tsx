// A search box and a select drawn on the browser's own <input> and <select>, in the look of MUI's small
// outlined fields: MUI's InputBase, OutlinedInput and FormControl are ~9 kB gz the first page (the home
// page's search and order) does without (issue 34). Every other form keeps MUI's fields.
import type { ChangeEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { styled, type CSSObject, type Theme } from '@mui/material/styles';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';

const look = ({ theme }: { theme: Theme }): CSSObject => ({
  font: 'inherit',
  fontSize: theme.typography.body1.fontSize,
  height: 40,
  boxSizing: 'border-box',
  width: '100%',
  margin: 0,
  padding: '8.5px 14px',
  color: theme.palette.text.primary,
  backgroundColor: theme.palette.background.paper,
  border: '1px solid rgba(0, 0, 0, 0.23)',
  borderRadius: theme.shape.borderRadius,
  '&:hover': { borderColor: theme.palette.text.primary },
  '&:focus': {
    outline: 'none',
    borderColor: theme.palette.primary.main,
    boxShadow: `inset 0 0 0 1px ${theme.palette.primary.main}`,
  },
  '&::placeholder': { color: theme.palette.text.secondary, opacity: 0.8 },
});
const Input = styled('input')(look);
const Select = styled('select')(look);

/** A search box with its magnifier, and a clear button while it holds text. */
export function SearchBox({
  value,
  onChange,
  placeholder,
  label,
  clearLabel,
  width,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
  clearLabel: string;
  width: number;
}) {
  return (
    <Box sx={{ position: 'relative', width, flexShrink: 0 }}>
      <SearchIcon
        fontSize="small"
        sx={{ position: 'absolute', left: 12, top: 10, color: 'action.active', pointerEvents: 'none' }}
      />
      <Input
        type="text"
        value={value}
        placeholder={placeholder}
        aria-label={label}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        sx={{ pl: '40px', pr: value ? '40px' : '14px' }}
      />
      {value && (
        <IconButton
          aria-label={clearLabel}
          onClick={() => onChange('')}
          size="small"
          sx={{ position: 'absolute', right: 6, top: 6 }}
        >
          <ClearIcon fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}

/** A select with its label on the border, as an outlined field's shrunk label. */
export function LabelledSelect({
  id,
  label,
  value,
  onChange,
  width,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  width: number;
  children: ReactNode;
}) {
  return (
    <Box sx={{ position: 'relative', width, flexShrink: 0 }}>
      <Select
        id={id}
        value={value}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
        sx={{ cursor: 'pointer' }}
      >
        {children}
      </Select>
      <Box
        component="label"
        htmlFor={id}
        sx={{
          position: 'absolute',
          left: 9,
          top: -9,
          px: '5px',
          fontSize: 12,
          lineHeight: '18px',
          color: 'text.secondary',
          bgcolor: 'background.paper',
        }}
      >
        {label}
      </Box>
    </Box>
  );
}
