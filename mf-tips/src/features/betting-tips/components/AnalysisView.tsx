import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { FixtureAnalysis, TipMarket } from '@matchday/contracts';
import { Button, kickoffDateTime, usePageMeta } from '@matchday/ui';
import { BackLink, errorDetail, FlagOrLogo, FormLetters, Muted, Row, ScreenState, Stack } from '@matchday/ui/unshared';
import { BLOCK_SKELETON, Panel, pct, ResponsibleGambling, SectionTitle } from '../../../lib/ui';
import { useAnalysis } from '../api/tips';
import { RecordView } from './RecordView';
import { ScoreHeatMap } from './ScoreHeatMap';
import { edgeText } from '../rules/figures';

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  gap: 1rem;
  align-items: start;
`;

/** Wide tables scroll inside their card on a phone instead of widening the page. */
const Scroll = styled.div`
  overflow-x: auto;
  max-width: 100%;
`;

const MarketTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: 0.45rem 0.4rem;
    border-bottom: 1px solid ${({ theme }) => theme.border};
    text-align: right;
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
  thead th {
    font-size: 0.8rem;
    color: ${({ theme }) => theme.textMuted};
  }
`;

const MARKETS: Array<{ key: TipMarket; label: (a: FixtureAnalysis) => string }> = [
  { key: 'home', label: (a) => `${a.homeTeam} win` },
  { key: 'draw', label: () => 'Draw' },
  { key: 'away', label: (a) => `${a.awayTeam} win` },
  { key: 'over25', label: () => 'Over 2.5 goals' },
  { key: 'under25', label: () => 'Under 2.5 goals' },
  { key: 'bttsYes', label: () => 'Both teams score: yes' },
  { key: 'bttsNo', label: () => 'Both teams score: no' },
  { key: 'homeMinus1', label: (a) => `${a.homeTeam} -1 (wins by 2+)` },
];

function Ratings({ analysis }: { analysis: FixtureAnalysis }) {
  const rows = [analysis.ratings.home, analysis.ratings.away];
  return (
    <MarketTable data-testid="ratings">
      <caption style={{ textAlign: 'left', fontSize: '0.85rem', marginBottom: '0.4rem' }}>
        <Muted>
          Attack above 0 scores more than the league average; defence above 0 concedes more. Home advantage{' '}
          {analysis.ratings.homeAdvantage.toFixed(2)}.
        </Muted>
      </caption>
      <thead>
        <tr>
          <th scope="col">Team</th>
          <th scope="col">Attack</th>
          <th scope="col">Defence</th>
          <th scope="col">Form</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.teamId}>
            <td>{r.name}</td>
            <td>{r.attack.toFixed(2)}</td>
            <td>{r.defence.toFixed(2)}</td>
            <td>
              <Row $justify="flex-end">{r.form.length ? <FormLetters form={r.form.join('')} /> : <Muted>–</Muted>}</Row>
            </td>
          </tr>
        ))}
      </tbody>
    </MarketTable>
  );
}

/** 'View Full Analysis': score heat map, every market beside the bookmaker, ratings and form, this league's record. */
export function AnalysisView({ fixtureId, backTo }: { fixtureId: string; backTo: string }) {
  const { data, error, isLoading, mutate } = useAnalysis(/^\d{1,12}$/.test(fixtureId) ? fixtureId : null);
  usePageMeta({ title: data ? `${data.homeTeam} vs ${data.awayTeam}: tip and analysis` : 'Tip analysis' });
  const back = <BackLink to={backTo}>Back to Tips</BackLink>;
  if (isLoading) {
    return <ScreenState page={false} back={back} loading="Loading analysis" heights={BLOCK_SKELETON} />;
  }
  if (error || !data) {
    return (
      <ScreenState
        page={false}
        back={back}
        after={<ResponsibleGambling />}
        title={error ? 'Failed to fetch the analysis' : 'Fixture not found'}
        message={error ? errorDetail(error) : 'This fixture has no analysis.'}
      >
        {error ? (
          <Button type="button" $variant="outline" onClick={() => void mutate()}>
            Retry
          </Button>
        ) : (
          <Button as={Link} to={backTo} $variant="outline">
            Back to Tips
          </Button>
        )}
      </ScreenState>
    );
  }
  const a = data;
  return (
    <Stack data-testid="analysis-view">
      <div>{back}</div>
      <Panel>
        <Stack $gap="0.6rem">
          <Row $wrap $gap="1rem">
            <Row $gap="0.5rem">
              <FlagOrLogo name={a.homeTeam} logo={a.tip.homeTeamLogo} flag={a.tip.homeTeamFlag} size={44} />
              <FlagOrLogo name={a.awayTeam} logo={a.tip.awayTeamLogo} flag={a.tip.awayTeamFlag} size={44} />
            </Row>
            <div>
              <h1 style={{ margin: 0, fontSize: '1.45rem' }}>
                {a.homeTeam} vs {a.awayTeam}
              </h1>
              <Muted>
                {a.league} · {kickoffDateTime(a.kickoffAt)}
              </Muted>
            </div>
          </Row>
          <p style={{ margin: 0 }} data-testid="analysis-tip">
            Tip: <strong>{a.tip.prediction}</strong> ({a.tip.tipType}) at {a.tip.confidence.toFixed(1)}% confidence, fair odds{' '}
            {a.tip.fairOdds.toFixed(2)}
            {a.tip.odds !== null
              ? `, bookmaker ${a.tip.odds.toFixed(2)}, edge ${edgeText(a.tip.edge)}`
              : ', no bookmaker price imported'}.{' '}
            {a.tip.id ? (
              <Muted data-testid="analysis-tip-origin">
                {a.tip.origin === 'backfill'
                  ? 'Computed afterwards from data before kick-off.'
                  : `Frozen ${kickoffDateTime(a.tip.madeAt)}.`}
              </Muted>
            ) : null}
          </p>
          <Muted>
            Expected goals: {a.homeTeam} {a.expectedGoals.home.toFixed(2)}, {a.awayTeam} {a.expectedGoals.away.toFixed(2)}
          </Muted>
        </Stack>
      </Panel>
      <Columns>
        <Panel>
          <SectionTitle>Most likely scores</SectionTitle>
          <Scroll tabIndex={0} role="region" aria-label="Score probabilities table">
            <ScoreHeatMap matrix={a.scoreMatrix} home={a.homeTeam} away={a.awayTeam} />
          </Scroll>
          <p style={{ marginBottom: 0 }}>
            <Muted>Top: {a.mostLikelyScores.map((s) => `${s.home}-${s.away} (${pct(s.probability, 1)})`).join(', ')}</Muted>
          </p>
        </Panel>
        <Panel>
          <SectionTitle>Markets: model vs bookmaker</SectionTitle>
          <MarketTable data-testid="markets">
            <thead>
              <tr>
                <th scope="col">Market</th>
                <th scope="col">Model</th>
                <th scope="col">{a.bookmaker.name ? `Bookmaker (${a.bookmaker.name})` : 'Bookmaker'}</th>
              </tr>
            </thead>
            <tbody>
              {MARKETS.map((m) => (
                <tr key={m.key} data-testid="market-row">
                  <td>{m.label(a)}</td>
                  <td>{pct(a.probabilities[m.key], 1)}</td>
                  <td>{a.bookmaker[m.key] === undefined ? '–' : pct(a.bookmaker[m.key]!, 1)}</td>
                </tr>
              ))}
            </tbody>
          </MarketTable>
          <p style={{ marginBottom: 0 }}>
            <Muted>
              Bookmaker probabilities are its pre-match prices with the margin removed.
              {a.blend
                ? ` Model and market blended: home ${pct(a.blend.home, 1)}, draw ${pct(a.blend.draw, 1)}, away ${pct(a.blend.away, 1)}.`
                : ''}
            </Muted>
          </p>
        </Panel>
      </Columns>
      <Panel>
        <SectionTitle>Ratings and form</SectionTitle>
        <Scroll tabIndex={0} role="region" aria-label="Ratings and form table">
          <Ratings analysis={a} />
        </Scroll>
      </Panel>
      <section aria-label="This league's record">
        <SectionTitle>This league&apos;s record</SectionTitle>
        <RecordView record={a.record} />
      </section>
      <ResponsibleGambling />
    </Stack>
  );
}
