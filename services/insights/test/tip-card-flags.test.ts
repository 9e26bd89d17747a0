import { toCard, type TipRow } from '../src/modules/tips/cards';

const row = (leagueId: number, home: string, away: string): TipRow => ({
  id: 1,
  fixture_id: 10,
  league_id: leagueId,
  league_name: leagueId === 1 ? 'World Cup' : 'Premier League',
  season: 2026,
  kickoff_at: '2026-06-11T19:00:00.000Z',
  home_team_id: 100,
  away_team_id: 200,
  home_team: home,
  away_team: away,
  home_logo: null,
  away_logo: null,
  market: 'home',
  probability: 0.55,
  odds: null,
  bookmaker: null,
  p_home: 0.55,
  p_draw: 0.25,
  p_away: 0.2,
  p_over25: 0.5,
  p_btts: 0.5,
  p_home_minus1: 0.3,
  p_push: 0,
  xg_home: 1.6,
  xg_away: 0.9,
  book_home: null,
  book_draw: null,
  book_away: null,
  demo: false,
  made_at: '2026-06-10T12:00:00.000Z',
  status: 'upcoming',
  home_goals: null,
  away_goals: null,
  rps: null,
  book_rps: null,
  origin: 'live',
});

/** A tip names a national team's flag as the fixtures do, so the tips remote draws it without a catalogue of its own. */
describe("a tip's teams' flags", () => {
  it('are sent for national teams at the World Cup', () => {
    const card = toCard(row(1, 'Mexico', 'South Africa'));
    expect([card.homeTeamFlag, card.awayTeamFlag]).toEqual(['🇲🇽', '🇿🇦']);
  });

  it('are not sent for clubs', () => {
    const card = toCard(row(39, 'Liverpool', 'Arsenal'));
    expect(card).not.toHaveProperty('homeTeamFlag');
    expect(card).not.toHaveProperty('awayTeamFlag');
  });
});
