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

/** A national team's flag (an emoji, as the API or the national-teams catalogue gives it) in place of a badge. */
export function FlagBadge({ flag, name, size }: { flag: string; name: string; size: number }) {
  return (
    <Flag $size={size} role="img" aria-label={`${name} flag`} data-testid="flag">
      {flag}
    </Flag>
  );
}

/** A team's badge: its flag when it is a national team (`flag` given), else its logo or initials (TeamLogo). */
export function FlagOrLogo({ name, logo, flag, size }: { name: string; logo: string | null; flag: string | undefined; size: number }) {
  return flag ? <FlagBadge flag={flag} name={name} size={size} /> : <TeamLogo name={name} src={logo} size={size} />;
}
