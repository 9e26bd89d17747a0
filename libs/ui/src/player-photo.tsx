import styled from 'styled-components';
import { RoundPicture } from './round-picture';

const Photo = styled(RoundPicture)`
  background: ${({ theme }) => (theme.mode === 'dark' ? '#1e3a5f' : '#dbeafe')};
  color: ${({ theme }) => (theme.mode === 'dark' ? '#e0f2fe' : '#1e3a8a')};
  font-weight: 800;
  font-size: ${({ size }) => Math.round(size * 0.42)}px;
`;

/** A player's photo; when there is none or it fails to load, the first letter of the name (spec §8). */
export function PlayerPhoto({ name, src, size = 40 }: { name: string; src: string | null | undefined; size?: number }) {
  const letter = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <Photo
      src={src}
      alt=""
      size={size}
      fit="cover"
      lazy
      testId="player-photo"
      fallback={
        <span aria-hidden="true" data-testid="player-initial">
          {letter}
        </span>
      }
    />
  );
}
