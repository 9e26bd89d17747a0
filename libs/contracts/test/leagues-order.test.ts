import { LEAGUE_IDS, orderLeagues, type League } from '../src';

const league = (id: number, displayName: string, country: string) => ({ id, displayName, name: displayName, country }) as League;

describe('the order of every list of leagues', () => {
  it('puts the Indian Super League, the Premier League and the Champions League first, then the rest by country and name', () => {
    const ordered = orderLeagues([
      league(140, 'La Liga', 'Spain'),
      league(LEAGUE_IDS.championsLeague, 'Champions League', 'World'),
      league(78, 'Bundesliga', 'Germany'),
      league(LEAGUE_IDS.premierLeague, 'Premier League', 'England'),
      league(41, 'League One', 'England'),
      league(40, 'Championship', 'England'),
      league(LEAGUE_IDS.indianSuperLeague, 'Indian Super League', 'India'),
    ]);
    expect(ordered.map((l) => l.displayName)).toEqual([
      'Indian Super League',
      'Premier League',
      'Champions League',
      'Championship',
      'League One',
      'Bundesliga',
      'La Liga',
    ]);
  });

  it('leaves the list it was given as it was', () => {
    const leagues = [league(140, 'La Liga', 'Spain'), league(LEAGUE_IDS.premierLeague, 'Premier League', 'England')];
    orderLeagues(leagues);
    expect(leagues.map((l) => l.id)).toEqual([140, LEAGUE_IDS.premierLeague]);
  });
});
