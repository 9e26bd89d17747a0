import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card } from '@matchday/ui';
import { Muted, useFollows, usePreferences, useSpoilers } from '@matchday/ui/unshared';
import { coversResults, type ResultsScope } from './spoilers';

/**
 * Whether spoiler-free mode covers a screen of many results at once (a table, a team's form); null scope: not
 * known yet, not covered. See coversResults.
 */
export function useResultsCovered(scope: ResultsScope | null): boolean {
  const { active } = useSpoilers();
  const { data: prefs } = usePreferences();
  const { data: follows } = useFollows(Boolean(prefs?.spoilerFree && prefs.spoilerScope === 'followed'));
  return scope ? coversResults({ prefs, follows, lastKnown: active }, scope) : false;
}

/**
 * A cover shown for the life of the page once the fan presses "Show", for the thing `key` names (a league season,
 * a team): another league or team opened in the same screen is covered again.
 */
export function useShownOnce(key: string): [boolean, () => void] {
  const [shownKey, setShownKey] = useState<string | null>(null);
  return [shownKey === key, () => setShownKey(key)];
}

const Cover = styled(Card)`
  display: grid;
  justify-items: center;
  gap: 0.6rem;
  padding: 1.5rem 1rem;
  text-align: center;
  border-style: dashed;
  h2,
  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
  p {
    margin: 0;
  }
`;

/** In place of results in spoiler-free mode: what is hidden, and a button that shows it (for this page only). */
export function ResultsCover({
  title,
  showLabel,
  onShow,
  heading = 'h2',
  testId = 'results-cover',
}: {
  title: string;
  showLabel: string;
  onShow: () => void;
  heading?: 'h2' | 'h3';
  testId?: string;
}) {
  const Heading = heading;
  return (
    <Cover data-testid={testId}>
      <Heading>{title}</Heading>
      <Muted as="p">Spoiler-free mode is on. Showing it here does not turn the mode off.</Muted>
      <Button type="button" $variant="outline" onClick={onShow}>
        {showLabel}
      </Button>
    </Cover>
  );
}

/**
 * A link covering the whole of its row (the row is `position: relative`; being absolute, the link takes no cell of
 * a grid row): a row whose score is hidden still opens its match, while the reveal button (in `AboveLink`) sits
 * above the link, not inside it.
 */
export const StretchedLink = styled(Link)`
  position: absolute;
  inset: 0;
  border-radius: inherit;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
    outline-offset: 1px;
  }
`;

/** What must stay pressable above a StretchedLink (the hidden score's reveal button). */
export const AboveLink = styled.span`
  position: relative;
  z-index: 1;
  display: inline-flex;
`;
