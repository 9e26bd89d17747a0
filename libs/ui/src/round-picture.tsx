import { useState, type ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.span<{ $size: number; $fit: 'contain' | 'cover' }>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  overflow: hidden;
  img {
    width: 100%;
    height: 100%;
    object-fit: ${({ $fit }) => $fit};
  }
`;

export interface RoundPictureProps {
  src: string | null | undefined;
  alt: string;
  /** Width and height in px. */
  size: number;
  /** 'contain' for a crest (all of it shows), 'cover' for a photo. */
  fit: 'contain' | 'cover';
  /** What shows when there is no picture or it fails to load (initials, a letter). */
  fallback: ReactNode;
  /** Hidden from assistive technology while the picture shows. */
  hideWhenShown?: boolean;
  lazy?: boolean;
  testId?: string;
  className?: string;
}

/**
 * A round picture (a team's crest, a player's photo), or its fallback when there is none or it fails to load.
 * Not exported by the shared kit: TeamLogo (@matchday/ui) and PlayerPhoto (@matchday/ui/unshared) are made of it.
 */
export function RoundPicture({ src, alt, size, fit, fallback, hideWhenShown, lazy, testId, className }: RoundPictureProps) {
  const [broken, setBroken] = useState(false);
  const shown = Boolean(src) && !broken;
  return (
    <Box $size={size} $fit={fit} className={className} data-testid={testId} aria-hidden={hideWhenShown && shown ? true : undefined}>
      {shown ? <img src={src!} alt={alt} loading={lazy ? 'lazy' : undefined} onError={() => setBroken(true)} /> : fallback}
    </Box>
  );
}
