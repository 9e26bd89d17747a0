import styled, { css } from 'styled-components';
import { Card, Heading, media } from '@matchday/ui';

export const SectionTitle = styled.h2`
  font-size: 1.05rem;
  margin: 0 0 0.75rem;
  display: flex;
  align-items: center;
  gap: 0.5rem;
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
