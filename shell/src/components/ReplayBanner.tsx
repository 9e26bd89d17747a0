import { useEffect, useState } from 'react';
import { clockTime, replayDay, useAppConfig } from '@matchday/ui';
import type { ReplayInfo } from '@matchday/contracts';

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
 * (GET /app-config.json `replay`), kept up to date every 30 s; nothing otherwise. One line above the header, drawn
 * by the page's own CSS (`.shell-replay` in libs/config/src/index.html), as the static page's strip in its place is
 * (api-gateway's replay-page.ts): the same box, so the banner replaces it without moving the page.
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
    <aside
      className="shell-replay"
      aria-label="Replay"
      data-testid="replay-banner"
      title={`A replay of ${replay.label}, ${where}: every date shown is the real one`}
    >
      <strong>Replay</strong>
      <span aria-hidden="true">·</span>
      <span className="what">{replay.label}</span>
      <span aria-hidden="true">·</span>
      <span className="when">{where}</span>
    </aside>
  );
}
