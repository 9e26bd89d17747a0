import styled from 'styled-components';
import { Card, media } from '@matchday/ui';

export const Section = styled(Card).attrs({ as: 'section' })`
  display: grid;
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

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.textMuted};
  font-size: 0.9rem;
`;

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export const TableScroll = styled.div`
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

export const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }) : 'Never';
