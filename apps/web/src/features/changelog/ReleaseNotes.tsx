import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { parseReleaseNotes } from './notes';

/** The notes of one release: subsections as small headings, items as a bullet list. */
export function ReleaseNotes({ notes }: { notes: string }) {
  const sections = parseReleaseNotes(notes);
  if (sections.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No notes for this release.
      </Typography>
    );
  }
  return (
    <Box>
      {sections.map((section, index) => (
        <Box key={index} sx={{ mb: 1.5 }}>
          {section.heading && (
            <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
              {section.heading}
            </Typography>
          )}
          {section.items.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2' }}>
              {section.items.map((item, itemIndex) => (
                <li key={itemIndex}>{item}</li>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
