import styled from 'styled-components';
import { TeamLogo } from '@matchday/ui';

const Flag = styled.span<{ $size: number }>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  font-size: ${({ $size }) => Math.round($size * 0.8)}px;
  line-height: 1;
  font-family: 'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji', sans-serif;
`;

/** The flag's letters in a round badge, as a club without a logo shows its initials. */
const Letters = styled(Flag)`
  border-radius: 50%;
  background: ${({ theme }) => theme.surfaceRaised};
  color: ${({ theme }) => theme.text};
  font-family: inherit;
  font-weight: 700;
  font-size: ${({ $size }) => Math.round($size * 0.34)}px;
  letter-spacing: 0.02em;
`;

/**
 * The letters a flag emoji spells: a country's two regional indicators (🇫🇷: FR), or a UK nation's tag sequence
 * (🏴 with the tags "gbwls": WLS).
 */
export function flagLetters(flag: string): string {
  const points = [...flag].map((character) => character.codePointAt(0)!);
  const letter = (point: number, a: number) => String.fromCharCode(point - a + 65);
  const regional = points.filter((point) => point >= 0x1f1e6 && point <= 0x1f1ff).map((point) => letter(point, 0x1f1e6));
  if (regional.length === 2) return regional.join('');
  const tags = points
    .filter((point) => point >= 0xe0061 && point <= 0xe007a)
    .map((point) => letter(point, 0xe0061))
    .join('');
  return tags.startsWith('GB') ? tags.slice(2) : tags;
}

let drawnAsFlags: boolean | undefined;

/**
 * Whether this browser draws a flag emoji as a flag: in colour, not as its two letters (Windows) or as empty boxes (a
 * Linux without a colour emoji font). Looked at once, by drawing France's flag on a small canvas; assumed where there
 * is no canvas to draw on (tests' DOM).
 */
export function drawsFlagEmoji(): boolean {
  if (drawnAsFlags !== undefined) return drawnAsFlags;
  drawnAsFlags = true;
  if (typeof document === 'undefined' || /jsdom/i.test(navigator.userAgent)) return drawnAsFlags;
  const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!context) return drawnAsFlags;
  context.canvas.width = context.canvas.height = 20;
  context.font = "16px 'Apple Color Emoji', 'Segoe UI Emoji', 'Noto Color Emoji', sans-serif";
  context.textBaseline = 'top';
  context.fillText('\u{1F1EB}\u{1F1F7}', 0, 0);
  const pixels = context.getImageData(0, 0, 20, 20).data;
  let coloured = false;
  for (let i = 0; i < pixels.length && !coloured; i += 4) {
    const [red, green, blue, alpha] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!, pixels[i + 3]!];
    coloured = alpha > 0 && Math.max(red, green, blue) - Math.min(red, green, blue) > 60;
  }
  drawnAsFlags = coloured;
  return drawnAsFlags;
}

/**
 * A national team's flag (an emoji, as the API or the national-teams catalogue gives it) in place of a badge; where
 * the browser cannot draw flag emoji, the flag's letters in a round badge ("MX"), as a club without a logo shows its
 * initials.
 */
export function FlagBadge({ flag, name, size }: { flag: string; name: string; size: number }) {
  const Badge = drawsFlagEmoji() ? Flag : Letters;
  return (
    <Badge $size={size} role="img" aria-label={`${name} flag`} data-testid="flag">
      {Badge === Flag ? flag : flagLetters(flag)}
    </Badge>
  );
}

/** A team's badge: its flag when it is a national team (`flag` given), else its logo or initials (TeamLogo). */
export function FlagOrLogo({ name, logo, flag, size }: { name: string; logo: string | null; flag: string | undefined; size: number }) {
  return flag ? <FlagBadge flag={flag} name={name} size={size} /> : <TeamLogo name={name} src={logo} size={size} />;
}
