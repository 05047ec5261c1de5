import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { messages } from '@metocean/contracts';
import { Logo } from './Logo';

/** What a page that crashed shows instead of a blank screen: the spec's generic message and a way out. */
export function RouteError({ inShell = false }: { inShell?: boolean }) {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Box
      role="alert"
      sx={{
        minHeight: inShell ? 320 : '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        textAlign: 'center',
        px: 2,
      }}
    >
      {!inShell && <Logo tone="light" size={40} />}
      <Typography variant="h2" component="h1">
        {messages.genericWithSupport}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
        <Button href="/">Go to home</Button>
      </Box>
    </Box>
  );
}
