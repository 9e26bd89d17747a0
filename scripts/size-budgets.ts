/**
 * Size budgets of the frontends, in KB (1,024 bytes) of gzip (level 9), checked by `npm test` after the
 * frontends are built (scripts/lib/size-budget.ts). For the shell: the JavaScript loaded before the first
 * render (the entry, the bootstrap behind the async boundary and the shared modules it needs). For a
 * remote: its remoteEntry.js plus the chunks of its exposed App, i.e. its screens, without the shared
 * singletons (the shell provides them) and without what it loads later on demand (charts).
 * Measured when set (KB): shell 148.9, fixtures 28.1, stats 46.1, tips 33.1,
 * account 35.4, admin 28.9. Raise a budget only with a reason in the commit message.
 * Raised on 2026-11-25: shell 150 -> 151 (the header's bell: a lazy import, and the webpack runtime's
 * map of the new on-demand chunks; measured 150.7), mf-stats 55 -> 56.5 (follow stars, spoiler-free covers and the
 * calendar menu on its screens; measured 55.5).
 * Raised on 2026-11-26: shell 151 -> 152 (the service worker registers at the load event without
 * Workbox, shell/src/pwa/early.ts, so that Workbox's chunk, 5.9 KB as sent, leaves the JavaScript before Home's first
 * card; measured 151.1); mf-fixtures 32 -> 32.5 (Home's cards memoised and told whether spoiler-free mode hides them,
 * and the heading and skeleton alone until the follows and preferences are known, so that nothing drawn moves down;
 * measured 32.006).
 * Raised 2026-11-27: mf-stats 56.5 -> 57 (every stats screen writes a season as the league hub does, "2026-27", and a
 * tournament's as "2022", through seasonName; measured 57,864-57,877 bytes = 56.5 KB, 8-21 bytes over).
 * Raised 2026-11-28: shell 152 -> 153 (the default world is a replay of a real season: the one-line replay banner is
 * drawn with the first render, where a lazy one would push the first card down when it arrived, and the shell reads
 * the replay's shift before the first render so that every screen writes real dates; measured 152.6).
 * Lowered 2026-12-07: mf-fixtures 32.5 -> 17.2, mf-stats 57 -> 41.5, mf-tips 38 -> 20, mf-account 40 -> 22, mf-admin
 * 34 -> 16 (a remote's entry no longer carries its own copy of the federation runtime core, about 15.3 KB: it uses the
 * shell's, libs/config/src/runtime-core-provider.ts; measured 16.8, 41.0, 19.7, 21.6, 15.6). Shell 153 -> 152.5 (the UI kit
 * reads the route table of its standalone runner on demand, 0.6 KB, and the header search box's results dropdown comes
 * with the header's lazy parts, 0.1 KB, against the runtime core kept whole for the remotes, +0.5 KB; measured 152.0).
 * Then 152.5 -> 148.3: the shell's first render comes in 5 scripts instead of 15 (React's four shared entries in one, the
 * router, styles, SWR and Redux with their facades in another, libs/config/src/federation.ts): 4.1 KB less gzip, and
 * ten fewer answers' headers as sent; measured 147.9.
 * Raised 2026-12-07 (merged beside the cut above): mf-tips 20 -> 23.7 (national teams' flags on tip cards and the tip
 * analysis take the national-teams catalogue into the remote, nationFlag; measured 23.3: the tips API sending each
 * team's flag, as the fixtures API does, would take it back out); mf-fixtures 17.2 -> 17.6 and mf-stats 41.5 -> 42
 * (a flag drawn as its letters where the browser draws no flag emoji, drawsFlagEmoji; team names that break between
 * words only; the match summary's drawn ball and red card; measured 17.4 and 41.8).
 * Lowered 2026-12-07: mf-tips 23.7 -> 21.2 (the tips API sends each national team's flag, homeTeamFlag and
 * awayTeamFlag, so the remote no longer bundles the national-teams catalogue; measured 20.8).
 * Lowered 2026-12-07: shell 148.3 -> 136.5 (Redux Toolkit, Immer and React Redux leave the first render: the UI kit's
 * store runs without them until the first screen is up, libs/ui/src/store.ts, 9.1 KB; React Router's unexported NavLink
 * and Form are dropped, libs/config/src/pure-calls-loader.ts, 1.7 KB; the UI kit reads the leagues' colours from
 * league-names.ts, not the whole catalogue, 0.8 KB; measured 136.2). Raised mf-fixtures 17.6 -> 18: Home loads the
 * live client after its first cards (4.0 KB gzip less before the first card, none at all while no listed match may be
 * live), and its chunk takes the client's light helpers, the loader and the live card's placeholder; measured 17.9.
 * Raised 2026-12-07: shell 136.5 -> 137 (a deep link to Standings has its table asked by the shell alongside the
 * remote's code, shell/src/remotes/first-reads.ts, with the standings query it shares with mf-stats; measured 136.7).
 */
export const SIZE_BUDGETS_KB: Record<string, number> = {
  shell: 137,
  'mf-fixtures': 18,
  'mf-stats': 42,
  'mf-tips': 21.2,
  'mf-account': 22,
  'mf-admin': 16,
};
