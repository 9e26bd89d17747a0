import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { setBootAppConfig } from '@matchday/ui';
import { replayStripHtml } from '@matchday/api-gateway/src/frontends/replay-page';
import { ReplayBanner } from '@matchday/shell/src/components/ReplayBanner';

/**
 * The replay strip is drawn twice: by the page as served, before any JavaScript (the gateway), then by the shell's
 * ReplayBanner in its place. One stylesheet draws both (`.shell-replay` in the page's critical CSS), so the banner
 * has the same box as the strip it replaces and the page does not move.
 */
describe('the replay strip, static and drawn by the app', () => {
  const replay = {
    label: 'Premier League 2024-25',
    shiftMs: 730 * 86_400_000,
    first: '2024-08-16T19:00:00Z',
    last: '2025-05-25T15:00:00Z',
    asOf: '2024-12-07T09:12:00Z',
  };
  afterEach(() => setBootAppConfig(null));

  it("is the static strip's markup with its class alone, the time it stands at added", () => {
    setBootAppConfig({ supportEmail: 'support@matchday.app', analytics: null, replay });
    const drawn = renderToStaticMarkup(createElement(ReplayBanner));
    // no class of its own (a styled component's): the page's .shell-replay only
    expect(drawn).toMatch(/^<aside class="shell-replay" aria-label="Replay" data-testid="replay-banner" title="[^"]*">/);
    const bare = drawn
      .replace(/ data-testid="replay-banner" title="[^"]*"/, '')
      .replace(/<span aria-hidden="true">·<\/span><span class="when">as of [^<]+<\/span>/, '');
    expect(bare).toBe(replayStripHtml(replay));
  });

  it("has every part of it drawn by the page's critical CSS", () => {
    const page = fs.readFileSync(path.join(__dirname, '../libs/config/src/index.html'), 'utf8');
    for (const rule of ['.shell-replay {', '.shell-replay strong {', '.shell-replay .what {', '.shell-replay .when {']) {
      expect(page).toContain(rule);
    }
  });

  it('is nothing while no replay is served', () => {
    setBootAppConfig({ supportEmail: 'support@matchday.app', analytics: null, replay: null });
    expect(renderToStaticMarkup(createElement(ReplayBanner))).toBe('');
  });
});
