import { memo } from 'react';
import styled from 'styled-components';
import type { PlayerLeagueStats } from '@matchday/contracts';
import { Card, media } from '@matchday/ui';
import { SectionTitle } from '../../../lib/components';
import { averageMinutes, num } from '../../../lib/numbers';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 1rem;
  @media (max-width: 1000px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.mobile} {
    grid-template-columns: 1fr;
  }
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: 0.45rem 1rem;
  margin: 0;
  dt {
    color: ${({ theme }) => theme.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

const Icon = styled.span<{ $colour: string }>`
  width: 0.7rem;
  height: 0.7rem;
  border-radius: 3px;
  background: ${({ $colour }) => $colour};
`;

function cards(s: PlayerLeagueStats): Array<{ title: string; colour: string; items: Array<[string, string | number]> }> {
  return [
    {
      title: 'Appearances',
      colour: '#3b82f6',
      items: [
        ['Appearances', num(s.games_Appearance)],
        ['Lineups', num(s.games_Lineups)],
        ['Minutes played', num(s.games_Minute_Played)],
        ['Average minutes', averageMinutes(num(s.games_Minute_Played), num(s.games_Appearance))],
      ],
    },
    {
      title: 'Goals',
      colour: '#22c55e',
      items: [
        ['Goals', num(s.goals_Total)],
        ['Assists', num(s.goals_Assists)],
        ['Goals conceded', num(s.goals_Conceded)],
        ['Saves', num(s.goals_Saves)],
      ],
    },
    {
      title: 'Passing',
      colour: '#a855f7',
      items: [
        ['Total passes', num(s.passes_Total)],
        ['Key passes', num(s.passes_Key)],
        ['Pass accuracy', `${num(s.passes_Accuracy)}%`],
      ],
    },
    {
      title: 'Defending',
      colour: '#f97316',
      items: [
        ['Tackles', num(s.tackles_Total)],
        ['Blocks', num(s.tackles_Blocks)],
        ['Interceptions', num(s.tackles_Interceptions)],
      ],
    },
    {
      title: 'Duels & Fouls',
      colour: '#14b8a6',
      items: [
        ['Duels', num(s.duels_Total)],
        ['Duels won', num(s.duels_Won)],
        ['Fouls drawn', num(s.fouls_Drawn)],
        ['Fouls committed', num(s.fouls_Committed)],
      ],
    },
    {
      title: 'Discipline & Substitutions',
      colour: '#eab308',
      items: [
        ['Yellow cards', num(s.cards_Yellow)],
        ['Red cards', num(s.cards_Red)],
        ['Subbed in', num(s.substitutes_In)],
        ['Subbed out', num(s.substitutes_Out)],
      ],
    },
  ];
}

/** League Stats (spec §2): a grid of six cards; missing numbers show as 0. Memoised like the header. */
export const LeagueStatsGrid = memo(function LeagueStatsGrid({ stats }: { stats: PlayerLeagueStats }) {
  return (
    <Grid data-testid="league-stats">
      {cards(stats).map((card) => (
        <Card key={card.title} data-testid="league-stats-card">
          <SectionTitle>
            <Icon $colour={card.colour} aria-hidden="true" />
            {card.title}
          </SectionTitle>
          <Figures>
            {card.items.map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }} data-testid={`stat-${label}`}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </Figures>
        </Card>
      ))}
    </Grid>
  );
});
