/** An ILIKE pattern matching `text` anywhere, with the pattern's own wildcards escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}
