import Box from '@mui/material/Box';

/** The product mark and name. `tone` picks the colours for a dark (app bar) or light background. */
export function Logo({ tone = 'dark', size = 32 }: { tone?: 'dark' | 'light'; size?: number }) {
  const text = tone === 'dark' ? '#ffffff' : '#0b2545';
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: text }}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="6" fill={tone === 'dark' ? '#13315c' : '#0b2545'} />
        <path
          d="M4 19c3-4 6-4 9 0s6 4 9 0 5-3 6-2"
          fill="none"
          stroke="#4fc3f7"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <path
          d="M4 12c3-4 6-4 9 0s6 4 9 0 5-3 6-2"
          fill="none"
          stroke="#ffffff"
          strokeWidth="2"
          strokeLinecap="round"
          opacity=".7"
        />
      </svg>
      <Box
        component="span"
        sx={{ fontWeight: 600, fontSize: size * 0.55, letterSpacing: 0.2, whiteSpace: 'nowrap' }}
      >
        Metocean Studio
      </Box>
    </Box>
  );
}
