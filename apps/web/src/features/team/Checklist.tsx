import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { EmptyState } from '../../components/EmptyState';

export interface ChecklistItem {
  id: number;
  primary: string;
  secondary?: string;
  /** Why the box cannot change (shown beside it), e.g. an expired offer. */
  lockedReason?: string;
}

/** Overflow lists are 250 px high (spec 000 §9). */
const listHeight = 250;

/**
 * A searchable list of checkboxes (the project and collaborator pickers of spec 000 §2.10), with the
 * 'no matching …' empty state when the search hides every item.
 */
export function Checklist({
  label,
  items,
  matches,
  checked,
  onChange,
  emptyTitle,
  emptyHint,
  footer,
}: {
  /** The search box's label, e.g. "Search a project or zone". */
  label: string;
  items: readonly ChecklistItem[];
  matches: (id: number, search: string) => boolean;
  checked: ReadonlySet<number>;
  onChange: (id: number, on: boolean) => void;
  emptyTitle: string;
  emptyHint?: ReactNode;
  footer?: ReactNode;
}) {
  const [search, setSearch] = useState('');
  const idPrefix = useId();
  const shown = search.trim() ? items.filter((item) => matches(item.id, search)) : items;
  return (
    <Box>
      <TextField
        placeholder={label}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': label },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
            endAdornment: search ? (
              <InputAdornment position="end">
                <IconButton aria-label="Clear search" onClick={() => setSearch('')}>
                  <ClearIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : null,
          },
        }}
      />
      <Box
        sx={{
          mt: 1,
          height: listHeight,
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        {shown.length === 0 ? (
          <EmptyState
            kind="noMatch"
            title={emptyTitle}
            hint={emptyHint ?? (search ? `Nothing matches “${search}”. Try other words.` : undefined)}
          />
        ) : (
          <List disablePadding aria-label={label.replace(/^Search /, '')}>
            {shown.map((item) => {
              const on = checked.has(item.id);
              const labelId = `${idPrefix}-${item.id}`;
              return (
                <ListItemButton
                  key={item.id}
                  dense
                  disabled={item.lockedReason !== undefined}
                  onClick={() => onChange(item.id, !on)}
                  sx={{ py: 0.25 }}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <Checkbox
                      edge="start"
                      checked={on}
                      tabIndex={-1}
                      disableRipple
                      slotProps={{ input: { 'aria-labelledby': labelId } }}
                    />
                  </ListItemIcon>
                  <ListItemText
                    id={labelId}
                    primary={item.primary}
                    secondary={item.secondary}
                    slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                  />
                  {item.lockedReason && (
                    <Typography variant="caption" color="text.secondary" sx={{ ml: 1, flexShrink: 0 }}>
                      {item.lockedReason}
                    </Typography>
                  )}
                </ListItemButton>
              );
            })}
          </List>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }} aria-live="polite">
        {items.filter((item) => checked.has(item.id)).length} of {items.length} selected
      </Typography>
      {footer}
    </Box>
  );
}
