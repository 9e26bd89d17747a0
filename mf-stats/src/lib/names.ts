/**
 * Standings shortcut (spec §9): the first letters of up to 3 words, or the first 3 letters of a
 * one-word name ("Northbridge United" -> "NU", "Goa" -> "GOA").
 */
export function standingsShortName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 3).toUpperCase();
  return words
    .slice(0, 3)
    .map((word) => word[0]!)
    .join('')
    .toUpperCase();
}

/** Standings highlight (spec §9): a team's name contains a highlighted name or vice versa, case-insensitive. */
export function isHighlighted(teamName: string, highlighted: readonly string[]): boolean {
  const team = teamName.toLowerCase();
  return highlighted.some((name) => {
    const other = name.trim().toLowerCase();
    return other.length > 0 && (team.includes(other) || other.includes(team));
  });
}
