import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { leagueHubPath, type FollowKind, type SearchResults } from '@matchday/contracts';
import { initials } from '@matchday/ui';
import { drawsFlagEmoji, FlagBadge, flagLetters, FollowButton } from '@matchday/ui/unshared';

const Groups = styled.div`
  display: grid;
  gap: 0.75rem;
  h2 {
    margin: 0 0 0.3rem;
    padding: 0 0.5rem;
    font-size: 0.75rem;
    text-transform: uppercase;
    letter-spacing: 0.05em;
    color: ${({ theme }) => theme.textMuted};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    display: flex;
    align-items: center;
    gap: 0.4rem;
    & > :first-child {
      flex: 1;
      min-width: 0;
    }
  }
  a,
  .unlinked {
    display: flex;
    align-items: center;
    gap: 0.6rem;
    padding: 0.45rem 0.5rem;
    border-radius: 8px;
    text-decoration: none;
    min-height: 2.75rem;
  }
  a:hover,
  a:focus-visible {
    background: ${({ theme }) => theme.surfaceRaised};
  }
  small {
    display: block;
    color: ${({ theme }) => theme.textMuted};
    font-size: 0.8rem;
  }
  p {
    margin: 0;
    padding: 0.5rem;
    color: ${({ theme }) => theme.textMuted};
  }
`;

const Pic = styled.span`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 2rem;
  height: 2rem;
  border-radius: 50%;
  overflow: hidden;
  font-size: 0.75rem;
  font-weight: 700;
  background: ${({ theme }) => theme.surfaceRaised};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  &.flag {
    font-size: 1.4rem;
  }
`;

/**
 * A national team's flag (its letters where the browser draws no flag emoji), else the photo or logo, or the initials
 * when there is none or it fails to load.
 */
function Picture({ name, src, flag }: { name: string; src: string | null; flag: string | undefined }) {
  const [broken, setBroken] = useState(false);
  const drawnFlag = flag !== undefined && drawsFlagEmoji();
  let content: ReactNode = initials(name);
  if (flag !== undefined) content = drawnFlag ? flag : flagLetters(flag);
  else if (src && !broken) content = <img src={src} alt="" loading="lazy" onError={() => setBroken(true)} />;
  return (
    <Pic aria-hidden="true" className={drawnFlag ? 'flag' : undefined}>
      {content}
    </Pic>
  );
}

interface Entry {
  key: string;
  name: string;
  detail: string;
  picture: string | null;
  /** A national team's flag (emoji), shown in the picture's place. */
  flag?: string;
  /** A player's team, after the detail: with its flag when it is a national team. */
  team?: { name: string; flag: string | undefined } | null;
  to: string | null;
  /** What the entry's star follows. */
  follow: { kind: FollowKind; id: number };
}

function Group({ title, entries, onPick }: { title: string; entries: Entry[]; onPick?: () => void }) {
  if (entries.length === 0) return null;
  return (
    <section aria-label={title} data-testid={`search-${title.toLowerCase()}`}>
      <h2>{title}</h2>
      <ul>
        {entries.map((entry) => {
          const body = (
            <>
              <Picture name={entry.name} src={entry.picture} flag={entry.flag} />
              <span>
                {entry.name}
                {(entry.detail || entry.team) && (
                  <small>
                    {entry.detail}
                    {entry.detail && entry.team && ' · '}
                    {entry.team?.flag && <FlagBadge flag={entry.team.flag} name={entry.team.name} size={14} />}
                    {entry.team?.flag && ' '}
                    {entry.team?.name}
                  </small>
                )}
              </span>
            </>
          );
          return (
            <li key={entry.key}>
              {entry.to ? (
                <Link to={entry.to} onClick={onPick} data-testid="search-result">
                  {body}
                </Link>
              ) : (
                <span className="unlinked">{body}</span>
              )}
              <FollowButton kind={entry.follow.kind} id={entry.follow.id} name={entry.name} compact />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Search results in three groups (Teams, Players, Competitions), each entry a link to its page. */
export function SearchResultsList({ results, onPick }: { results: SearchResults; onPick?: () => void }) {
  const teams: Entry[] = results.teams.map((t) => ({
    key: `t${t.id}`,
    name: t.name,
    detail: t.country ?? '',
    picture: t.logo,
    flag: t.flag,
    to: t.leagueId !== null && t.season !== null ? `/team/${t.id}/${t.leagueId}/${t.season}` : null,
    follow: { kind: 'team', id: t.id },
  }));
  const players: Entry[] = results.players.map((p) => ({
    key: `p${p.id}`,
    name: p.name,
    // "known as Casemiro · Manchester United": the name fans typed, when the name shown does not say it
    detail: p.knownAs ? `known as ${p.knownAs}` : '',
    team: p.teamName ? { name: p.teamName, flag: p.teamFlag } : null,
    picture: p.photo,
    to: p.leagueId !== null && p.season !== null ? `/player/${p.id}/${p.leagueId}/${p.season}` : null,
    follow: { kind: 'player', id: p.id },
  }));
  const leagues: Entry[] = results.leagues.map((l) => ({
    key: `l${l.id}`,
    name: l.name,
    detail: l.country,
    picture: l.logo,
    to: leagueHubPath(l.id, l.currentSeason),
    follow: { kind: 'league', id: l.id },
  }));
  if (teams.length + players.length + leagues.length === 0) {
    return (
      <Groups>
        <p role="status">No teams, players or competitions match “{results.query}”.</p>
      </Groups>
    );
  }
  return (
    <Groups>
      <Group title="Teams" entries={teams} onPick={onPick} />
      <Group title="Players" entries={players} onPick={onPick} />
      <Group title="Competitions" entries={leagues} onPick={onPick} />
    </Groups>
  );
}
