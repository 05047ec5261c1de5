// A compact table of numbers: the first column left-aligned (the row's label), the others right-aligned in
// tabular figures, as STYLE.md asks of every numeric table.
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** A number, '-' or a value with its interval ('1.16 [1.14–1.18]'): such cells never break across lines. */
const NUMERIC = /^[-+\d.eE\s[\]–]+$/;

export function NumericTable({
  head,
  rows,
  testId,
  dense = false,
  textColumns = 1,
}: {
  head: string[];
  rows: string[][];
  testId?: string;
  /** Narrow cells and a smaller font, for tables with many columns beside a chart. */
  dense?: boolean;
  /** How many leading columns hold words (left-aligned); the others hold numbers (right-aligned). */
  textColumns?: number;
}) {
  return (
    <Table
      size="small"
      data-testid={testId}
      sx={dense ? { '& td, & th': { px: 0.75, py: 0.5, fontSize: '0.75rem' } } : undefined}
    >
      <TableHead>
        <TableRow>
          {head.map((h, j) => (
            <TableCell key={h} align={j < textColumns ? 'left' : 'right'} sx={{ whiteSpace: 'nowrap' }}>
              {h}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, i) => (
          <TableRow key={i}>
            {row.map((cell, j) => (
              <TableCell
                key={j}
                align={j < textColumns ? 'left' : 'right'}
                sx={{
                  fontVariantNumeric: 'tabular-nums',
                  whiteSpace: NUMERIC.test(cell) ? 'nowrap' : undefined,
                }}
              >
                {cell}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
