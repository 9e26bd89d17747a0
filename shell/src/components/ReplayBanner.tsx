import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { clockTime, media, replayDay, useAppConfig } from '@matchday/ui';
import type { ReplayInfo } from '@matchday/contracts';

/** One line, above the header: it tells that the data is a replay without pushing the first card down. */
const Strip = styled.aside`
  display: flex;
  align-items: center;
  gap: 0.35rem;
  box-sizing: border-box;
  height: 1.5rem;
  padding: 0 1rem;
  font-size: 0.75rem;
  line-height: 1.5rem;
  white-space: nowrap;
  background: ${({ theme }) => theme.surfaceRaised};
  color: ${({ theme }) => theme.textMuted};
  border-bottom: 1px solid ${({ theme }) => theme.border};
  ${media.mobile} {
    gap: 0.25rem;
    padding: 0 0.75rem;
    font-size: 0.7rem;
  }
  strong {
    color: ${({ theme }) => theme.warning};
    font-weight: 700;
  }
  .what {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .when {
    flex-shrink: 0;
  }
`;

/** Where a replay stands at `realNow`, in words: "as of Thu 28 Nov 2024, 09:12", and whether its season is over or yet to start. */
export function replayPosition(replay: Pick<ReplayInfo, 'first' | 'last'>, realNow: Date): string {
  const asOf = `as of ${replayDay(realNow)}, ${clockTime(realNow)}`;
  if (replay.first && realNow.getTime() < Date.parse(replay.first)) return `${asOf} (before the first match)`;
  // the last match is over by three hours after its kick-off, extra time and penalties included
  if (replay.last && realNow.getTime() > Date.parse(replay.last) + 3 * 3_600_000) return `${asOf} (season over)`;
  return asOf;
}

/**
 * "Replay · Premier League 2024-25 · as of Thu 28 Nov 2024, 09:12" while a replay of a real season is served
 * (GET /app-config.json `replay`), kept up to date every 30 s; nothing otherwise.
 */
export function ReplayBanner() {
  const replay = useAppConfig()?.replay;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!replay) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [replay]);
  if (!replay) return null;
  const where = replayPosition(replay, new Date(now - replay.shiftMs));
  return (
    <Strip
      aria-label="Replay"
      data-testid="replay-banner"
      title={`A replay of ${replay.label}, ${where}: every date shown is the real one`}
    >
      <strong>Replay</strong>
      <span aria-hidden="true">·</span>
      <span className="what">{replay.label}</span>
      <span aria-hidden="true">·</span>
      <span className="when">{where}</span>
    </Strip>
  );
}
