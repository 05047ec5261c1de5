import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Logo } from './Logo';

/** Full-page loader shown until the application is initialised (spec 000 §2.2). */
export function FullPageLoader() {
  return (
    <Box
      role="progressbar"
      aria-label="Loading"
      sx={{
        height: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
      }}
    >
      <Logo tone="light" size={40} />
      <CircularProgress size={28} />
    </Box>
  );
}

export function SectionLoader() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress size={28} />
    </Box>
  );
}
