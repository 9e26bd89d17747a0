import { useEffect, useMemo, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { useLiveChanges } from './live-hooks';
import { scoreAnnouncement } from './live-state';

/** A fixture as the announcer needs it (Fixture has these fields; a screen with other names maps to them). */
export interface AnnouncedFixture {
  id: number;
  homeTeam: string;
  awayTeam: string;
  homeTeamId: number;
}

/** How long an announcement stays in the region (taking it out is not read out). */
const ANNOUNCEMENT_MS = 20_000;

/**
 * A polite live region that reads out each change of score of the fixtures given, once per goal (or goal taken
 * back), never the clock. Each announcement is a new paragraph, so two goals that arrive together are both read.
 */
export function LiveAnnouncer({ fixtures }: { fixtures: readonly AnnouncedFixture[] }) {
  const [messages, setMessages] = useState<Array<{ key: number; text: string }>>([]);
  const byId = useMemo(() => new Map(fixtures.map((fixture) => [fixture.id, fixture])), [fixtures]);
  useLiveChanges((change) => {
    const fixture = byId.get(change.fixtureId);
    const text = fixture ? scoreAnnouncement(change, fixture.homeTeam, fixture.awayTeam, fixture.homeTeamId) : null;
    if (text) setMessages((list) => [...list.slice(-4), { key: change.feedSeq, text }]);
  });
  useEffect(() => {
    if (messages.length === 0) return undefined;
    const timer = window.setTimeout(() => setMessages((list) => list.slice(1)), ANNOUNCEMENT_MS);
    return () => window.clearTimeout(timer);
  }, [messages]);
  return (
    <div aria-live="polite" className="visually-hidden" data-testid="live-announcer">
      {messages.map((message) => (
        <p key={message.key}>{message.text}</p>
      ))}
    </div>
  );
}

const beat = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.35; }
`;

const Marker = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  font-weight: 700;
  font-size: 0.85rem;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.danger};
  white-space: nowrap;
`;

const Dot = styled.span`
  width: 0.5rem;
  height: 0.5rem;
  border-radius: 50%;
  background: currentColor;
  animation: ${beat} 1.6s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const SPOKEN: Record<string, string> = { HT: 'half-time', ET: 'extra time', Pens: 'penalty shoot-out', FT: 'full time' };

/** "minute 45+2" for "45+2′", "half-time" for "HT" (what a screen reader says for the clock). */
export function spokenClock(clock: string): string {
  return SPOKEN[clock] ?? `minute ${clock.replace('′', '')}`;
}

/** The live marker: a red dot and the clock ("45+2′", "HT"); read as "Live, minute 45+2". */
export function LiveMarker({ clock }: { clock: string }) {
  return (
    <Marker data-testid="live-marker">
      <Dot aria-hidden="true" />
      <span className="visually-hidden">Live, {spokenClock(clock)}</span>
      <span aria-hidden="true" data-testid="live-minute">
        {clock}
      </span>
    </Marker>
  );
}
