// A sortable usage table: every column sorts (click its header again to reverse), a row opens its detail.
import { useState, type ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { sortedRows, type SortDirection, type SortValue } from './rules';

export interface Column<T> {
  id: string;
  label: string;
  numeric?: boolean;
  /** Keep the cells on one line (names). */
  nowrap?: boolean;
  /** What the column sorts by; without it the column does not sort. */
  sortValue?: (row: T) => SortValue;
  render: (row: T) => ReactNode;
}

export const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');
export const count = new Intl.NumberFormat('en-GB');

export function UsageTable<T extends { id: number }>({
  label,
  rows,
  columns,
  onOpen,
  empty = 'Nothing to show.',
}: {
  label: string;
  rows: readonly T[];
  columns: Column<T>[];
  onOpen?: (row: T) => void;
  empty?: string;
}) {
  const [sort, setSort] = useState<{ id: string; direction: SortDirection } | null>(null);
  const column = columns.find((c) => c.id === sort?.id);
  const shown = column?.sortValue && sort ? sortedRows(rows, column.sortValue, sort.direction) : rows;
  const toggle = (id: string) =>
    setSort((current) =>
      current?.id === id
        ? { id, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { id, direction: 'asc' },
    );
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell
                key={c.id}
                align={c.numeric ? 'right' : 'left'}
                sortDirection={sort?.id === c.id ? sort.direction : false}
                sx={{ fontWeight: 600, verticalAlign: 'bottom' }}
              >
                {c.sortValue ? (
                  <TableSortLabel
                    active={sort?.id === c.id}
                    direction={sort?.id === c.id ? sort.direction : 'asc'}
                    onClick={() => toggle(c.id)}
                  >
                    {c.label}
                  </TableSortLabel>
                ) : (
                  c.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length}>
                <Typography variant="body2" color="text.secondary">
                  {empty}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {shown.map((row) => (
            <TableRow
              key={row.id}
              hover={onOpen !== undefined}
              tabIndex={onOpen ? 0 : undefined}
              onClick={onOpen ? () => onOpen(row) : undefined}
              onKeyDown={
                onOpen
                  ? (event) => {
                      if (event.key === 'Enter') onOpen(row);
                    }
                  : undefined
              }
              sx={onOpen ? { cursor: 'pointer' } : undefined}
            >
              {columns.map((c) => (
                <TableCell
                  key={c.id}
                  align={c.numeric ? 'right' : 'left'}
                  sx={{
                    ...(c.numeric ? { fontVariantNumeric: 'tabular-nums' } : {}),
                    ...(c.nowrap ? { whiteSpace: 'nowrap' } : {}),
                  }}
                >
                  {c.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
