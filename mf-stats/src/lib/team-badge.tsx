import { catalogueLeague, flagEmoji, nationalTeam } from '@matchday/contracts';
import { FlagOrLogo } from '@matchday/ui/unshared';

/** Whether a league's teams are national teams (the World Cup, the Euro): they wear flags and FIFA's codes. */
export function playsNationalTeams(leagueId: number | string): boolean {
  return catalogueLeague(Number(leagueId))?.nationalTeams === true;
}

/** A team's badge: a national team's flag (national-teams catalogue; England, Scotland and Wales their own), else its logo or initials. */
export function TeamBadge({ name, logo, size, national }: { name: string; logo: string | null; size: number; national: boolean }) {
  const nation = national ? nationalTeam(name) : undefined;
  return <FlagOrLogo name={name} logo={logo} flag={nation ? flagEmoji(nation.isoCode) : undefined} size={size} />;
}
