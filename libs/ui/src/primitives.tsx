import type { ReactNode } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { media } from './theme';
import { initials } from './format';
import { RoundPicture } from './round-picture';

export const Page = styled.main`
  max-width: 72rem;
  margin: 0 auto;
  padding: 1.5rem 1rem 3rem;
  ${media.mobile} {
    padding: 1rem 0.75rem 2rem;
  }
`;

export const Heading = styled.h1`
  font-size: 1.6rem;
  margin: 0 0 1rem;
  ${media.mobile} {
    font-size: 1.3rem;
  }
`;

export const Card = styled.div`
  background: ${({ theme }) => theme.surface};
  border: 1px solid ${({ theme }) => theme.border};
  border-radius: 12px;
  padding: 1rem;
`;

export const Button = styled.button<{ $variant?: 'primary' | 'ghost' | 'outline' | 'danger' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.4rem;
  min-height: 2.25rem;
  padding: 0.45rem 0.9rem;
  border-radius: 8px;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  border: 1px solid transparent;
  ${({ theme, $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.accent};
          color: ${theme.accentText};
        `
      : $variant === 'danger'
        ? css`
            background: ${theme.danger};
            color: #fff;
          `
        : $variant === 'outline'
          ? css`
              background: transparent;
              color: ${theme.text};
              border-color: ${theme.border};
            `
          : css`
              background: transparent;
              color: ${theme.text};
            `}
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
    outline-offset: 2px;
  }
`;

export const Badge = styled.span<{ $colour?: string }>`
  display: inline-block;
  padding: 0.15rem 0.55rem;
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 600;
  background: ${({ $colour, theme }) => $colour ?? theme.surfaceRaised};
  color: ${({ $colour, theme }) => ($colour ? '#fff' : theme.text)};
`;

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

export const Skeleton = styled.div<{ $height?: string; $width?: string }>`
  height: ${({ $height }) => $height ?? '1rem'};
  width: ${({ $width }) => $width ?? '100%'};
  border-radius: 8px;
  background: ${({ theme }) => theme.surfaceRaised};
  animation: ${pulse} 1.5s ease-in-out infinite;
`;

const LogoPicture = styled(RoundPicture)`
  background: ${({ theme }) => theme.surfaceRaised};
  color: ${({ theme }) => theme.text};
  font-weight: 700;
  font-size: ${({ size }) => Math.round(size * 0.36)}px;
`;

/** A team logo, or the team's 2-letter initials when there is none or it fails to load. */
export function TeamLogo({ name, src, size = 40 }: { name: string; src: string | null | undefined; size?: number }) {
  return (
    <LogoPicture
      src={src}
      alt={`${name} logo`}
      size={size}
      fit="contain"
      hideWhenShown
      fallback={<span aria-label={`${name} logo`}>{initials(name)}</span>}
    />
  );
}

const Empty = styled.div`
  text-align: center;
  padding: 3rem 1rem;
  color: ${({ theme }) => theme.textMuted};
  h2 {
    color: ${({ theme }) => theme.text};
    margin: 0 0 0.5rem;
    font-size: 1.2rem;
  }
  p {
    margin: 0 0 1rem;
  }
`;

export function EmptyState({ title, message, children }: { title: string; message?: string; children?: ReactNode }) {
  return (
    <Empty role="status">
      <h2>{title}</h2>
      {message && <p>{message}</p>}
      {children}
    </Empty>
  );
}

export const TabList = styled.div`
  display: inline-flex;
  gap: 0.25rem;
  padding: 0.25rem;
  border-radius: 10px;
  background: ${({ theme }) => theme.surfaceRaised};
  flex-wrap: wrap;
`;

export const Tab = styled.button<{ $active: boolean }>`
  border: 0;
  border-radius: 8px;
  padding: 0.45rem 0.9rem;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  background: ${({ $active, theme }) => ($active ? theme.accent : 'transparent')};
  color: ${({ $active, theme }) => ($active ? theme.accentText : theme.text)};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
    outline-offset: 2px;
  }
`;
