import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, Card, Page, usePageMeta } from '@matchday/ui';
import { Muted, Prose } from '../../../lib/layout';

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: 1rem;
  text-decoration: none;
  color: ${({ theme }) => theme.textMuted};
`;

const Title = styled.h1`
  font-size: 1.8rem;
  margin: 0.3rem 0 0.6rem;
`;

const Resources = styled(Card)`
  margin-top: 2rem;
  max-width: 48rem;
  h2 {
    margin: 0 0 0.6rem;
    font-size: 1.1rem;
  }
  ul {
    margin: 0;
    padding-left: 1.2rem;
    display: grid;
    gap: 0.35rem;
  }
`;

const TITLE = 'Using Sports Stats and Fantasy Insights to Make Smarter Football Picks';

/** The article behind the one blog post (spec §2 Blogs). */
export function InsightsAndAnalysisScreen() {
  usePageMeta({
    title: TITLE,
    description: 'How to read form, head-to-head records, minutes and set-piece roles to pick better fantasy teams and predictions.',
  });
  return (
    <Page>
      <Back to="/blogs">← Back to Blogs</Back>
      <Prose>
        <Muted>
          <time dateTime="2025-09-18">September 18, 2025</time> · 6 min read
        </Muted>
        <Title>{TITLE}</Title>
        <p>
          <Badge>Fantasy Football</Badge> <Badge>Statistics</Badge> <Badge>Match Analysis</Badge> <Badge>Dream11</Badge>
        </p>
        <p>
          Every fixture comes with more numbers than anyone can read before kick-off. The skill is not collecting them but knowing which
          ones move a decision. This guide walks through the figures Matchday shows and how fantasy players and bettors can use them.
        </p>
        <h2>1. Start with recent form, not the table</h2>
        <p>
          League position summarises a whole season; the last five results tell you how a team is playing now. A mid-table side that has won
          four of five is often a better bet than a leader that has drawn three in a row. Look at the form letters (W, D, L) on the
          standings and team pages together with goals scored and conceded over the same run.
        </p>
        <h2>2. Head-to-head records add context</h2>
        <p>
          Some match-ups repeat a pattern: a team that always struggles away at a particular ground, or fixtures that rarely produce more
          than two goals. Five completed meetings are a small sample, so treat head-to-head as a tie-breaker rather than the main reason for
          a pick.
        </p>
        <h2>3. Minutes played decide fantasy points</h2>
        <p>
          A player can only score if he plays. Check appearances, minutes and lineups in the player&apos;s league stats: a forward with many
          substitute appearances is a risky captain even with a good goals total. The PLM badge on a squad shows who played in the last
          match.
        </p>
        <h2>4. Underlying numbers beat single results</h2>
        <ul>
          <li>Shots inside the box and shots on target show whether a team creates real chances.</li>
          <li>Key passes and pass accuracy point to the midfielders who set up goals.</li>
          <li>Tackles, interceptions and duels won matter for defenders in most fantasy scoring systems.</li>
          <li>Goalkeeper saves and clean sheets show how often a defence is tested.</li>
        </ul>
        <h2>5. Build a balanced fantasy team</h2>
        <p>
          With a 100-credit budget, spend where points are most reliable: premium forwards and attacking midfielders in good form, and value
          defenders from teams that keep clean sheets. Choose a captain with secure minutes and an attractive fixture, and a vice-captain
          from a different match to spread the risk.
        </p>
        <h2>6. Manage risk</h2>
        <p>
          Statistics improve decisions; they do not guarantee results. If you bet, stake only a small share of your bankroll on a single
          selection (2–5% is a common guideline) and never chase losses.
        </p>
        <p>Used together, these numbers turn a hunch into a reasoned pick. Open a fixture on Matchday and try it on the next round.</p>
      </Prose>
      <Resources as="aside" aria-labelledby="related-resources">
        <h2 id="related-resources">Related Resources</h2>
        <ul>
          <li>
            <Link to="/">Upcoming fixtures</Link>
          </li>
          <li>
            <Link to="/betting-tips">Football betting tips and predictions</Link>
          </li>
          <li>
            <Link to="/dream11-predictions">Dream11 team predictions</Link>
          </li>
          <li>
            <Link to="/blogs">All blog posts</Link>
          </li>
        </ul>
      </Resources>
    </Page>
  );
}
