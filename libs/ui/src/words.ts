/**
 * A count with its noun in the right number: counted(1, 'goal') is "1 goal", counted(3, 'goal') "3 goals",
 * counted(2, 'match', 'matches') "2 matches". The one way to write "N things" on a screen.
 */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
