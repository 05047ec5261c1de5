import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Logo } from '../../components/Logo';
import { navy } from '../../app/theme';

/** The frame of the signed-out pages: a navy band with the logo and a centred card. */
export function AuthLayout({
  title,
  subtitle,
  children,
  width = 420,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ bgcolor: navy, height: 80, display: 'flex', alignItems: 'center', px: 3 }}>
        <Link to="/login" style={{ textDecoration: 'none' }} aria-label="Metocean Studio">
          <Logo />
        </Link>
      </Box>
      <Box
        sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', pt: 8, px: 2 }}
      >
        <Paper variant="outlined" sx={{ width: '100%', maxWidth: width, p: 3 }}>
          <Typography variant="h2" component="h1" gutterBottom>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </Paper>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center', py: 2 }}>
        Metocean Studio · ocean and weather data analysis for offshore engineering ·{' '}
        <Link to="/front">What it does</Link> · <Link to="/demo">Free demo</Link>
      </Typography>
    </Box>
  );
}
