import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

/**
 * Labelled figures: a <dl> whose entries are Figure (a <div> holding one <dt> and its <dd>). Two looks:
 * TileGrid, a grid of tiles (a team's season, a tip's odds, the record of the tips, the admin's counts), and
 * FigureList, figures in a line that wraps (a player's goals, assists and cards under his name).
 */

/** One labelled figure of a TileGrid or a FigureList. */
export function Figure({
  label,
  value,
  testId,
  valueTestId,
}: {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  valueTestId?: string;
}) {
  return (
    <div data-testid={testId}>
      <dt>{label}</dt>
      <dd data-testid={valueTestId}>{value}</dd>
    </div>
  );
}

const TILE_SIZES = {
  compact: { gap: '0.5rem', radius: '8px', padding: '0.4rem 0.55rem', label: '0.72rem', value: '1.1rem' },
  regular: { gap: '0.6rem', radius: '10px', padding: '0.6rem 0.75rem', label: '0.78rem', value: '1.3rem' },
  large: { gap: '0.75rem', radius: '10px', padding: '0.75rem', label: '0.85rem', value: '1.5rem' },
} as const;

export type TileSize = keyof typeof TILE_SIZES;

/**
 * Figures as tiles: `$columns` fixed columns, or as many as fit at `$min` wide (7.5rem); `$size` compact (inside a
 * card), regular or large.
 */
export const TileGrid = styled.dl<{ $min?: string; $columns?: number; $size?: TileSize }>`
  ${({ $min, $columns, $size, theme }) => {
    const size = TILE_SIZES[$size ?? 'regular'];
    return css`
      display: grid;
      grid-template-columns: ${$columns ? `repeat(${$columns}, minmax(0, 1fr))` : `repeat(auto-fill, minmax(${$min ?? '7.5rem'}, 1fr))`};
      gap: ${size.gap};
      margin: 0;
      > div {
        background: ${theme.surfaceRaised};
        border-radius: ${size.radius};
        padding: ${size.padding};
        min-width: 0;
      }
      dt {
        font-size: ${size.label};
        color: ${theme.textMuted};
        margin: 0;
      }
      dd {
        margin: 0.1rem 0 0;
        font-size: ${size.value};
        font-weight: 800;
        font-variant-numeric: tabular-nums;
      }
    `;
  }}
`;

/** Figures in a line that wraps, each "label value". */
export const FigureList = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  margin: 0;
  font-size: 0.85rem;
  > div {
    display: flex;
    gap: 0.3rem;
  }
  dt {
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;
