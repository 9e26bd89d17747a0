import { useCallback, useEffect, useSyncExternalStore, type MouseEvent } from 'react';
import styled from 'styled-components';
import { useSWRConfig } from 'swr';
import { ApiError, apiSend, toast } from '@matchday/ui';
import type { Fixture, Follow, FollowKind, UserPreferences } from '@matchday/contracts';
import { apiQuery, useApiQuery } from './query';

/**
 * What makes the screens personal: the user's follows with a star to toggle them, and the
 * spoiler-free mode that every screen showing a score obeys. One definition of each read, so every remote
 * shares its SWR cache entry (a star pressed on a team page is lit on Home at once).
 */

export const FOLLOWS_URL = '/api/user/follows';
export const followsQuery = apiQuery<[], Follow[]>(() => FOLLOWS_URL, 'Failed to load your follows');

/** The signed-in user's follows (null args: not asked). */
export function useFollows(enabled = true) {
  return useApiQuery(followsQuery, enabled ? [] : null);
}

export const PREFERENCES_URL = '/api/user/preferences';
export const preferencesQuery = apiQuery<[], UserPreferences>(() => PREFERENCES_URL, 'Failed to load your preferences');

export function usePreferences(enabled = true) {
  return useApiQuery(preferencesQuery, enabled ? [] : null);
}

/** Adds or removes a follow: shown at once, put back with a toast if the server refuses (e.g. past the limit). */
export function useFollowToggle() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (kind: FollowKind, id: number, name: string, following: boolean) => {
      const optimistic = (list: Follow[] | null | undefined): Follow[] =>
        following
          ? (list ?? []).filter((f) => !(f.kind === kind && f.id === id))
          : [{ kind, id, name, image: null, createdAt: new Date().toISOString() }, ...(list ?? [])];
      try {
        await mutate<Follow[] | null>(
          FOLLOWS_URL,
          async (list) => {
            if (following) await apiSend('DELETE', `${FOLLOWS_URL}/${kind}/${id}`);
            else await apiSend('POST', FOLLOWS_URL, { kind, id });
            return optimistic(list);
          },
          { optimisticData: (list) => optimistic(list), rollbackOnError: true, revalidate: true },
        );
      } catch (error) {
        toast({
          title: following ? `Could not unfollow ${name}` : `Could not follow ${name}`,
          description: error instanceof ApiError ? error.message : 'Matchday could not be reached. Try again.',
          variant: 'destructive',
        });
      }
    },
    [mutate],
  );
}

const Star = styled.button<{ $on: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  min-height: 2.25rem;
  min-width: 2.25rem;
  padding: 0.3rem 0.6rem;
  border-radius: 999px;
  border: 1px solid ${({ theme, $on }) => ($on ? theme.warning : theme.border)};
  background: transparent;
  color: ${({ theme }) => theme.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  svg {
    width: 1.1rem;
    height: 1.1rem;
    fill: ${({ theme, $on }) => ($on ? theme.warning : 'none')};
    stroke: ${({ theme, $on }) => ($on ? theme.warning : theme.textMuted)};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
    outline-offset: 2px;
  }
`;

/**
 * The star on team, league and player pages and on fixture cards: "Follow" / "Following" with the name for screen
 * readers, pressed while followed. `compact` shows the star alone (named "Follow <name>", pressed or not).
 */
export function FollowButton({ kind, id, name, compact = false }: { kind: FollowKind; id: number; name: string; compact?: boolean }) {
  const { data: follows } = useFollows();
  const toggle = useFollowToggle();
  const following = Boolean(follows?.some((f) => f.kind === kind && f.id === id));
  const onClick = (event: MouseEvent) => {
    // on a card: the star does not open the card
    event.stopPropagation();
    event.preventDefault();
    void toggle(kind, id, name, following);
  };
  return (
    <Star
      type="button"
      $on={following}
      aria-pressed={following}
      title={following ? `Following ${name}` : `Follow ${name}`}
      onClick={onClick}
      data-testid="follow-button"
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" strokeWidth="2">
        <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
      </svg>
      {/* a toggle: its name says what it follows, aria-pressed whether it does (the visible word is part of the name) */}
      {compact ? (
        <span className="visually-hidden">Follow {name}</span>
      ) : (
        <span>
          {following ? 'Following' : 'Follow'}
          <span className="visually-hidden"> {name}</span>
        </span>
      )}
    </Star>
  );
}

// Scores revealed one by one in spoiler-free mode stay revealed (this browser, this match). This module is bundled
// into each remote (`unshared`): a reveal is announced with a window event, so every copy on the page reads it again.
const REVEALED_KEY = 'matchday:revealed-scores';
const REVEALED_EVENT = 'matchday:revealed';
let revealed: ReadonlySet<number> | undefined;

function readRevealed(): ReadonlySet<number> {
  if (revealed) return revealed;
  try {
    const stored = JSON.parse(localStorage.getItem(REVEALED_KEY) ?? '[]') as unknown;
    revealed = new Set(Array.isArray(stored) ? stored.filter((id): id is number => Number.isInteger(id)) : []);
  } catch {
    revealed = new Set();
  }
  return revealed;
}

/** Shows a match's score from now on (spoiler-free mode), on every screen of the page. */
export function revealScore(fixtureId: number): void {
  // the last 500 revealed are kept
  const next = [...readRevealed(), fixtureId].slice(-500);
  revealed = new Set(next);
  try {
    localStorage.setItem(REVEALED_KEY, JSON.stringify(next));
  } catch {
    // private mode: revealed for this page's life (the event still carries it)
  }
  window.dispatchEvent(new CustomEvent<number>(REVEALED_EVENT, { detail: fixtureId }));
}

const subscribeRevealed = (listener: () => void) => {
  const onReveal = (event: Event) => {
    const id = (event as CustomEvent<number>).detail;
    // another copy of this module revealed it: read again, keeping this one's (storage may be unavailable)
    if (!readRevealed().has(id)) revealed = new Set([...readRevealed(), id]);
    else revealed = new Set(readRevealed());
    listener();
  };
  window.addEventListener(REVEALED_EVENT, onReveal);
  return () => window.removeEventListener(REVEALED_EVENT, onReveal);
};

/** Whether a match of these teams and league is covered by spoiler-free mode (before any reveal). */
export function spoilerCovers(
  prefs: UserPreferences | null | undefined,
  follows: readonly Follow[] | null | undefined,
  match: SpoilerMatch,
): boolean {
  if (!prefs?.spoilerFree) return false;
  if (prefs.spoilerScope === 'all') return true;
  return Boolean(
    follows?.some(
      (f) =>
        (f.kind === 'team' && (f.id === match.homeTeamId || f.id === match.awayTeamId)) || (f.kind === 'league' && f.id === match.leagueId),
    ),
  );
}

export type SpoilerMatch = Pick<Fixture, 'id' | 'homeTeamId' | 'awayTeamId' | 'leagueId'>;

/**
 * Whether a screen hides this match's score now: not revealed, and spoiler-free mode covers it. While the
 * preferences load the mode last seen on this browser applies; with scope 'followed', while the follows load
 * (and have not failed), every match is hidden rather than flash a followed team's score.
 */
export function spoilerHidden(
  state: {
    prefs: UserPreferences | null | undefined;
    follows: readonly Follow[] | null | undefined;
    followsFailed: boolean;
    revealed: ReadonlySet<number>;
    lastKnown: () => boolean;
  },
  match: SpoilerMatch,
): boolean {
  if (state.revealed.has(match.id)) return false;
  if (!state.prefs) return state.lastKnown();
  if (state.prefs.spoilerFree && state.prefs.spoilerScope === 'followed' && state.follows === undefined && !state.followsFailed)
    return true;
  return spoilerCovers(state.prefs, state.follows, match);
}

// The mode as last seen on this browser: while the preferences load, a score is not flashed to a fan who hides them.
const MODE_KEY = 'matchday:spoiler-free';
function lastKnownMode(): boolean {
  try {
    return localStorage.getItem(MODE_KEY) === '1';
  } catch {
    return false;
  }
}
function rememberMode(on: boolean): void {
  try {
    if (on) localStorage.setItem(MODE_KEY, '1');
    else localStorage.removeItem(MODE_KEY);
  } catch {
    // private mode: nothing remembered
  }
}

/**
 * `hidden(match)`: whether a screen must hide this match's score and result now (spoiler-free mode covers it and
 * it was not revealed). While the preferences load, the mode last seen on this browser applies.
 */
export function useSpoilers(): { hidden: (match: SpoilerMatch) => boolean; active: boolean } {
  const { data: prefs } = usePreferences();
  const { data: follows, error: followsFailed } = useFollows(Boolean(prefs?.spoilerFree && prefs.spoilerScope === 'followed'));
  const shown = useSyncExternalStore(subscribeRevealed, readRevealed, readRevealed);
  useEffect(() => {
    if (prefs) rememberMode(prefs.spoilerFree);
  }, [prefs]);
  const hidden = useCallback(
    (match: SpoilerMatch) =>
      spoilerHidden({ prefs, follows, followsFailed: Boolean(followsFailed), revealed: shown, lastKnown: lastKnownMode }, match),
    [prefs, follows, followsFailed, shown],
  );
  return { hidden, active: prefs ? prefs.spoilerFree : lastKnownMode() };
}

const RevealButton = styled.button`
  display: inline-grid;
  justify-items: center;
  gap: 0.1rem;
  padding: 0.35rem 0.6rem;
  border-radius: 8px;
  border: 1px dashed ${({ theme }) => theme.border};
  background: ${({ theme }) => theme.surfaceRaised};
  color: ${({ theme }) => theme.text};
  font: inherit;
  font-weight: 700;
  cursor: pointer;
  small {
    font-size: 0.7rem;
    font-weight: 600;
    color: ${({ theme }) => theme.textMuted};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.accent};
    outline-offset: 2px;
  }
`;

/** In place of a hidden score: "? – ?", tap to reveal (for this match, for good). */
export function HiddenScore({ fixtureId, label }: { fixtureId: number; label: string }) {
  return (
    <RevealButton
      type="button"
      data-testid="hidden-score"
      aria-label={`Score hidden: ${label}. Tap to reveal`}
      onClick={(event) => {
        event.stopPropagation();
        event.preventDefault();
        revealScore(fixtureId);
      }}
    >
      ? – ?<small>Tap to reveal</small>
    </RevealButton>
  );
}

/**
 * Signing out on this device ends its alerts: the browser's push subscription is removed here and on the server
 * (best effort, at most `timeoutMs`), so the next person on a shared device does not get the last one's alerts.
 */
export async function dropPushSubscription(timeoutMs = 1500): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const work = (async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription) return;
    await apiSend('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint }).catch(() => undefined);
    await subscription.unsubscribe();
  })().catch(() => undefined);
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}
