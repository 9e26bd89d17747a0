import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { SquadPlayer } from '@matchday/contracts';
import { PlainList, PlayerPhoto } from '@matchday/ui/unshared';

const PlayerLink = styled(Link)`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.55rem 0.7rem;
  border-radius: 10px;
  text-decoration: none;
  background: ${({ theme }) => theme.surfaceRaised};
  border: 1px solid transparent;
  transition: border-color 0.15s;
  &:hover {
    border-color: ${({ theme }) => theme.accent};
  }
`;

const Name = styled.span`
  display: grid;
  min-width: 0;
  flex: 1;
  strong {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  small {
    color: ${({ theme }) => theme.textMuted};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Plm = styled.abbr`
  flex: none;
  text-decoration: none;
  font-size: 0.7rem;
  font-weight: 800;
  letter-spacing: 0.04em;
  padding: 0.15rem 0.45rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.accent};
  color: ${({ theme }) => theme.accentText};
`;

const NoApps = styled.span`
  flex: none;
  font-size: 0.72rem;
  color: ${({ theme }) => theme.textMuted};
`;

/** Players of one position: photo (or first letter), name, nationality and age, PLM badge; each opens the player page. */
export function SquadList({ players, linkFor }: { players: readonly SquadPlayer[]; linkFor: (player: SquadPlayer) => string }) {
  return (
    <PlainList $gap="0.4rem">
      {players.map((player) => (
        <li key={`${player.teamId}-${player.playerId}`} data-testid="squad-player">
          <PlayerLink to={linkFor(player)}>
            <PlayerPhoto name={player.playerName} src={player.playerPhoto} size={40} />
            <Name>
              <strong data-testid="player-name">{player.playerName}</strong>
              <small>
                {[player.nationality, player.age !== null ? `${player.age} yrs` : null].filter(Boolean).join(' · ') || '\u00a0'}
              </small>
            </Name>
            {player.is_Played_Last_Match === 1 && (
              <Plm title="Played last match" data-testid="plm-badge">
                PLM
              </Plm>
            )}
            {player.is_Played_In_This_League === 0 && <NoApps>No league apps</NoApps>}
          </PlayerLink>
        </li>
      ))}
    </PlainList>
  );
}
