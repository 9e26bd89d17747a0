import fs from 'node:fs';
import escapeHtml from 'escape-html';
import type { ReplayInfo } from '@matchday/contracts';

/** Where the strip goes in the shell's index.html: first thing of the static app shell, above its header. */
const APP_SHELL_OPENING = '<div data-testid="app-shell">';

/**
 * The replay strip as the static page draws it before any JavaScript (class `shell-replay` in the page's critical CSS,
 * libs/config/src/index.html): the same one line as the shell's ReplayBanner, so that the banner the app draws takes
 * its place instead of pushing the page down. The time "as of" is the browser's to write (its time zone): the app
 * fills it in.
 */
export function replayStripHtml(replay: Pick<ReplayInfo, 'label'>): string {
  return (
    `<aside class="shell-replay" aria-label="Replay"><strong>Replay</strong><span aria-hidden="true">·</span>` +
    `<span class="what">${escapeHtml(replay.label)}</span></aside>`
  );
}

/** The page with the replay strip at the top of its static app shell; the page as it is when it has no app shell. */
export function withReplayStrip(page: string, replay: Pick<ReplayInfo, 'label'>): string {
  const at = page.indexOf(APP_SHELL_OPENING);
  if (at < 0) return page;
  const end = at + APP_SHELL_OPENING.length;
  return `${page.slice(0, end)}${replayStripHtml(replay)}${page.slice(end)}`;
}

/** Reads a file once per modification (the shell's index.html, replaced by a build), as text. */
export function fileReader(file: string): () => string | null {
  let last: { mtimeMs: number; text: string } | undefined;
  return () => {
    try {
      const { mtimeMs } = fs.statSync(file);
      if (last?.mtimeMs !== mtimeMs) last = { mtimeMs, text: fs.readFileSync(file, 'utf8') };
      return last.text;
    } catch {
      return null;
    }
  };
}
