import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, media, shortDate } from '@matchday/ui';

export const Section = styled(Card).attrs({ as: 'section' })`
  display: grid;
  align-content: start;
  gap: 0.75rem;
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.1rem;
  }
`;

export const SectionHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  flex-wrap: wrap;
`;

/** "512 B", "1.5 KB", "64.0 MB" (binary units, as the byte bounds are set). */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.textMuted};
  font-size: 0.9rem;
`;

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
const ScrollBox = styled.div`
  overflow-x: auto;
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.9rem;
  }
  th,
  td {
    text-align: left;
    padding: 0.5rem 0.6rem;
    border-bottom: 1px solid ${({ theme }) => theme.border};
    white-space: nowrap;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
    outline-offset: 2px;
  }
  th {
    color: ${({ theme }) => theme.textMuted};
    font-weight: 600;
  }
  ${media.mobile} {
    th,
    td {
      padding: 0.45rem 0.4rem;
    }
  }
`;

/** A wide table in a focusable, labelled region, so it can be scrolled with the keyboard too. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollBox tabIndex={0} role="region" aria-label={label}>
      {children}
    </ScrollBox>
  );
}

export const formatDate = (iso: string | null) => (iso ? shortDate(iso) : 'Never');
