import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, media } from '@matchday/ui';

export const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1.25rem;
  align-items: start;
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const SectionCard = styled(Card)<{ $tone?: 'danger' }>`
  display: grid;
  gap: 0.9rem;
  border-color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.danger : theme.border)};
  header h2 {
    margin: 0;
    font-size: 1.15rem;
    color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.danger : theme.text)};
  }
  header p {
    margin: 0.2rem 0 0;
    color: ${({ theme }) => theme.textMuted};
    font-size: 0.92rem;
  }
`;

/** A titled card; `labelledBy` ties the region to its heading for screen readers. */
export function Section({
  id,
  title,
  subtitle,
  tone,
  children,
  testId,
}: {
  id: string;
  title: string;
  subtitle?: string;
  tone?: 'danger';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <SectionCard as="section" aria-labelledby={id} $tone={tone} data-testid={testId}>
      <header>
        <h2 id={id}>{title}</h2>
        {subtitle && <p>{subtitle}</p>}
      </header>
      {children}
    </SectionCard>
  );
}

/** Secondary text as a paragraph (the kit's Muted is inline). */
export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.textMuted};
`;

/** Static article text (blog, privacy policy, delete-account page). */
export const Prose = styled.article`
  line-height: 1.65;
  max-width: 48rem;
  h2 {
    font-size: 1.2rem;
    margin: 1.6rem 0 0.5rem;
  }
  p,
  li {
    color: ${({ theme }) => theme.text};
  }
  ul,
  ol {
    padding-left: 1.3rem;
  }
  a {
    color: ${({ theme }) => theme.accent};
  }
`;
