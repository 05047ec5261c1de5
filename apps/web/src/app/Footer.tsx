import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Logo } from '../components/Logo';

/** Logo and the current year followed by 'All rights reserved' (spec 000 §2.2). */
export function Footer() {
  return (
    <Box
      component="footer"
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        px: 3,
        py: 1.5,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
      }}
    >
      <Logo tone="light" size={22} />
      <Typography variant="caption" color="text.secondary">
        © {new Date().getFullYear()} All rights reserved
      </Typography>
    </Box>
  );
}
