import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import ExploreOffIcon from '@mui/icons-material/ExploreOff';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';

// The empty-state screens of spec 000 §2.1. Each says what happened and what to do next.
export const emptyStates = {
  noProjects: {
    icon: FolderOpenIcon,
    title: 'No projects yet',
    hint: 'Projects you create or are invited to will be listed here.',
  },
  noFilterResults: {
    icon: SearchOffIcon,
    title: 'No results for these filters',
    hint: 'Change or clear the filters to see more.',
  },
  pageNotFound: {
    icon: ExploreOffIcon,
    title: 'This page does not exist',
    hint: 'Check the address, or go back to the home page.',
  },
  noMatch: {
    icon: SearchOffIcon,
    title: 'No match',
    hint: 'Nothing matches your search. Try other words.',
  },
  offerProblem: {
    icon: ReportProblemOutlinedIcon,
    title: 'There is a problem with your offer',
    hint: 'Your account has no usable offer. Contact us to renew or upgrade it.',
  },
  managersOnly: {
    icon: LockOutlinedIcon,
    title: 'Only managers create projects',
    hint: 'Ask a manager of your team to create the project and add you to it.',
  },
  noAccess: {
    icon: LockOutlinedIcon,
    title: 'You do not have access to this page',
    hint: 'This page is for the administrators of Metocean Studio. You are still signed in.',
  },
  projectNotShared: {
    icon: LockOutlinedIcon,
    title: 'This project is not shared with you',
    hint: 'It does not exist, or a manager of its team has not added you to it. Ask them to share it with you.',
  },
} as const;

export type EmptyStateKind = keyof typeof emptyStates;

export function EmptyState({
  kind,
  title,
  hint,
  action,
}: {
  kind: EmptyStateKind;
  title?: string;
  hint?: ReactNode;
  action?: ReactNode;
}) {
  const state = emptyStates[kind];
  const Icon = state.icon;
  return (
    <Box
      data-testid={`empty-${kind}`}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        py: 6,
        px: 2,
        color: 'text.secondary',
      }}
    >
      <Icon sx={{ fontSize: 48, color: 'primary.light' }} />
      <Typography variant="h3" color="text.primary">
        {title ?? state.title}
      </Typography>
      <Typography variant="body2" sx={{ maxWidth: 460 }}>
        {hint ?? state.hint}
      </Typography>
      {action && <Box sx={{ mt: 1 }}>{action}</Box>}
    </Box>
  );
}
