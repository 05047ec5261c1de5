/** A subsection of a release's notes: an optional heading and its items. */
export interface NotesSection {
  heading: string | null;
  items: string[];
}

/**
 * Splits release notes into subsections (spec 000 §2.2): lines starting with '- ' are items, any other
 * non-empty line starts a subsection. Markdown heading marks on subsection lines are dropped.
 */
export function parseReleaseNotes(notes: string): NotesSection[] {
  const sections: NotesSection[] = [];
  for (const raw of notes.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('- ')) {
      let current = sections.at(-1);
      if (!current) {
        current = { heading: null, items: [] };
        sections.push(current);
      }
      current.items.push(line.slice(2).trim());
    } else {
      sections.push({ heading: line.replace(/^#+\s*/, ''), items: [] });
    }
  }
  return sections;
}

const lastSeenKey = 'metocean.lastSeenVersion';

export function lastSeenVersion(): string | null {
  return localStorage.getItem(lastSeenKey);
}

export function markVersionSeen(version: string): void {
  localStorage.setItem(lastSeenKey, version);
}

/** Formats an ISO date (or date-time) the way the changelog shows it, e.g. 12 March 2025. */
export function releaseDate(date: string | null): string | null {
  if (!date) return null;
  const parsed = new Date(date);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
