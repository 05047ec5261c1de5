import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import LinkIcon from '@mui/icons-material/Link';
import type { Point } from '@metocean/contracts';
import { dataNodeDetail, sameNodeText } from './data-nodes';

/**
 * Under a point of the list: the other points reading its data node, with the node's position; the tooltip
 * names the dataset and what sharing a node means (issue 30). Nothing for a point alone on its node.
 */
export function SameNodeNote({ point, points }: { point: Point; points: readonly Point[] }) {
  const text = sameNodeText(point, points);
  if (!text) return null;
  return (
    <Tooltip title={dataNodeDetail(point) ?? ''}>
      <Box
        component="span"
        data-testid="same-node"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'warning.dark', fontSize: 12 }}
      >
        <LinkIcon sx={{ fontSize: 14 }} aria-hidden />
        {text}
      </Box>
    </Tooltip>
  );
}
