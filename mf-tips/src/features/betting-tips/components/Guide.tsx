import { Muted, Stack } from '@matchday/ui/unshared';
import { Panel, SectionTitle } from '../../../lib/ui';

/** Spec §2 static guide: odds, markets, Dream11 and bankroll (2-5% of bankroll per bet). */
export function BettingGuide() {
  return (
    <Panel as="section" aria-labelledby="betting-guide" data-testid="guide">
      <SectionTitle id="betting-guide">Betting Guide</SectionTitle>
      <Stack $gap="0.6rem">
        <p style={{ margin: 0 }}>
          <strong>Odds.</strong> Decimal odds are what a winning stake returns: 2.00 turns 10 into 20. The model&apos;s fair odds are 1
          divided by its probability; the edge is how far the bookmaker&apos;s odds sit above them (probability × odds − 1).
        </p>
        <p style={{ margin: 0 }}>
          <strong>Markets.</strong> Match Winner (home, draw or away), Over/Under 2.5 goals, Both Teams Score, and Handicap (home −1: the
          home side must win by two; winning by one returns the stake).
        </p>
        <p style={{ margin: 0 }}>
          <strong>Dream11.</strong> Fantasy teams for each fixture are on the Dream11 predictions page: 11 players within 100 credits, with
          captain and vice-captain.
        </p>
        <p style={{ margin: 0 }}>
          <strong>Bankroll.</strong> Stake only 2-5% of your bankroll per bet, and never chase losses.
        </p>
        <Muted>
          Every tip is stored when it is first shown and graded after the match. The matches played before a replay started are tipped
          afterwards from data before each kick-off; the record below keeps those apart from the tips frozen live.
        </Muted>
      </Stack>
    </Panel>
  );
}
