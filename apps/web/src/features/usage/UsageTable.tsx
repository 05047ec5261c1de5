// A sortable usage table: every column sorts (click its header again to reverse), a row opens its detail.
// The lists sort and page on the server (the table shows their order and a pager); the detail pages' small
// tables sort here.
import { useState, type ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TablePagination from '@mui/material/TablePagination';
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

export type TableSort = { id: string; direction: SortDirection } | null;

/** The server's pages: the total, the page shown (from 0) and its size, and how to ask for another. */
export interface Paging {
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

export const PAGE_SIZES = [25, 50, 100];

/** The next sort of a column whose header is clicked: ascending first, then the other way. */
export function nextSort(current: TableSort, id: string): TableSort {
  return current?.id === id
    ? { id, direction: current.direction === 'asc' ? 'desc' : 'asc' }
    : { id, direction: 'asc' };
}

export const yesNo = (flag: boolean) => (flag ? 'Yes' : 'No');
export const count = new Intl.NumberFormat('en-GB');

export function UsageTable<T extends { id: number }>({
  label,
  rows,
  columns,
  onOpen,
  empty = 'Nothing to show.',
  sort: serverSort,
  onSort,
  paging,
}: {
  label: string;
  rows: readonly T[];
  columns: Column<T>[];
  onOpen?: (row: T) => void;
  empty?: string;
  /** Sorted by the server: the rows come in this order and a click asks for another. */
  sort?: TableSort;
  onSort?: (sort: TableSort) => void;
  paging?: Paging;
}) {
  const [localSort, setLocalSort] = useState<TableSort>(null);
  const sort = onSort ? (serverSort ?? null) : localSort;
  const column = columns.find((c) => c.id === sort?.id);
  const shown =
    !onSort && column?.sortValue && sort ? sortedRows(rows, column.sortValue, sort.direction) : rows;
  const toggle = (id: string) => (onSort ? onSort(nextSort(sort, id)) : setLocalSort(nextSort(sort, id)));
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
      {paging && (
        <TablePagination
          component="div"
          count={paging.count}
          page={paging.page}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_event, page) => paging.onPage(page)}
          onRowsPerPageChange={(event) => paging.onPageSize(Number(event.target.value))}
        />
      )}
    </TableContainer>
  );
}
