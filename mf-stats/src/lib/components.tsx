import { useState, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Card, Heading, media } from '@matchday/ui';

export const SectionTitle = styled.h2`
  font-size: 1.05rem;
  margin: 0 0 0.75rem;
  display: flex;
  align-items: center;
  gap: 0.5rem;
`;

const PhotoBox = styled.span<{ $size: number }>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  overflow: hidden;
  background: ${({ theme }) => (theme.mode === 'dark' ? '#1e3a5f' : '#dbeafe')};
  color: ${({ theme }) => (theme.mode === 'dark' ? '#e0f2fe' : '#1e3a8a')};
  font-weight: 800;
  font-size: ${({ $size }) => Math.round($size * 0.42)}px;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** A player's photo; when there is none or it fails to load, the first letter of the name (spec §8). */
export function PlayerPhoto({ name, src, size = 40 }: { name: string; src: string | null | undefined; size?: number }) {
  const [broken, setBroken] = useState(false);
  const letter = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <PhotoBox $size={size} data-testid="player-photo">
      {src && !broken ? (
        <img src={src} alt="" loading="lazy" onError={() => setBroken(true)} />
      ) : (
        <span aria-hidden="true" data-testid="player-initial">
          {letter}
        </span>
      )}
    </PhotoBox>
  );
}

const Tile = styled.div`
  background: ${({ theme }) => theme.surfaceRaised};
  border-radius: 10px;
  padding: 0.6rem 0.75rem;
  min-width: 0;
  dt {
    font-size: 0.78rem;
    color: ${({ theme }) => theme.textMuted};
    margin: 0;
  }
  dd {
    margin: 0.15rem 0 0;
    font-size: 1.3rem;
    font-weight: 800;
    font-variant-numeric: tabular-nums;
  }
`;

/** One labelled figure; used inside a <dl> grid. */
export function StatTile({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Tile data-testid={testId}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </Tile>
  );
}

export const TileGrid = styled.dl<{ $min?: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min }) => $min ?? '7.5rem'}, 1fr));
  gap: 0.6rem;
  margin: 0;
`;

/** The coloured header card of a screen. */
export const HeaderCard = styled(Card)<{ $colour?: string }>`
  position: relative;
  overflow: hidden;
  padding: 1.25rem;
  margin-bottom: 1.25rem;
  ${({ $colour, theme }) => css`
    background: linear-gradient(135deg, ${$colour ?? theme.accent}33 0%, transparent 60%), ${theme.surface};
  `}
  ${media.mobile} {
    padding: 1rem;
  }
`;

/** A screen's title: the kit's Heading without its bottom margin (the header card spaces it). */
export const Title = styled(Heading)`
  margin: 0;
  line-height: 1.2;
  overflow-wrap: anywhere;
`;

export const Count = styled.span`
  display: inline-block;
  margin-left: 0.35rem;
  padding: 0 0.4rem;
  border-radius: 999px;
  font-size: 0.75rem;
  background: ${({ theme }) => (theme.mode === 'dark' ? 'rgb(255 255 255 / 0.12)' : 'rgb(15 23 42 / 0.08)')};
`;

/** The row of actions under a screen's title (follow star, add to calendar); wraps on phones. */
export const HeaderActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 0.5rem;
  margin-top: 0.9rem;
`;
