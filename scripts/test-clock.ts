/**
 * npm run test:clock: the suites that depend on the calendar, run with the machine's clock moved (Debian's
 * `faketime`, which every process they start inherits) to days that have broken such code before:
 * - inside the default replay's season (its "today" is a replayed match day);
 * - outside it (the replay stands at the season's end: "season over");
 * - 29 February of a leap year (the replayed season has no 29 February);
 * - half an hour before the clock change in Europe/London, with TZ=Europe/London (a day of 23 hours).
 * Not part of `npm test` (it runs those suites four times). `npm run test:clock -- 2027-02-15` runs one date;
 * further arguments after `--jest` go to jest (e.g. a file).
 */
import { spawnSync } from 'node:child_process';
import { repoRoot } from './lib/processes';

interface MovedClock {
  /** What the day stands for. */
  name: string;
  /** faketime's start time (the clock runs on from it). */
  at: string;
  tz: string;
}

const MOVED_CLOCKS: readonly MovedClock[] = [
  { name: 'inside the replayed season', at: '2027-02-15 12:00:00', tz: 'UTC' },
  { name: 'outside the replayed season (season over)', at: '2027-07-20 12:00:00', tz: 'UTC' },
  { name: '29 February', at: '2028-02-29 12:00:00', tz: 'UTC' },
  { name: 'across the clock change in London', at: '2027-03-28 00:30:00', tz: 'Europe/London' },
];

/** The suites that read the calendar: services, the gateway's replay config and feeds, the UI's date formats, the remotes' rules. */
const DATE_SENSITIVE = [
  'services/football/test',
  'services/insights/test',
  'services/accounts/test',
  'api-gateway/test/analytics-config.test.ts',
  'api-gateway/test/calendar-feeds.test.ts',
  'api-gateway/test/live-stream.test.ts',
  'libs/ui/test',
  'libs/contracts/test',
  'mf-fixtures/test',
  'mf-stats/test',
  'mf-tips/test',
];

function main(): void {
  const args = process.argv.slice(2);
  const split = args.indexOf('--jest');
  const dates = split === -1 ? args : args.slice(0, split);
  const jestArgs = split === -1 ? DATE_SENSITIVE : args.slice(split + 1);
  const probe = spawnSync('faketime', ['2028-02-29 12:00:00', 'date', '-u', '+%F'], { encoding: 'utf8' });
  if (probe.error || probe.stdout.trim() !== '2028-02-29') {
    console.error('faketime is missing or does not work: install it (Debian/Ubuntu: sudo apt-get install -y faketime) and run again.');
    process.exit(1);
  }
  const chosen = dates.length === 0 ? MOVED_CLOCKS : MOVED_CLOCKS.filter((clock) => dates.some((date) => clock.at.startsWith(date)));
  if (chosen.length === 0) {
    console.error(
      `No moved clock matches ${dates.join(', ')}: choose from ${MOVED_CLOCKS.map((clock) => clock.at.slice(0, 10)).join(', ')}.`,
    );
    process.exit(2);
  }
  const results: Array<[MovedClock, boolean]> = [];
  for (const clock of chosen) {
    console.log(`\n=== ${clock.at} ${clock.tz} (${clock.name}) ===`);
    const run = spawnSync('faketime', [clock.at, 'npx', 'jest', '--ci', ...jestArgs], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, TZ: clock.tz },
    });
    results.push([clock, run.status === 0]);
  }
  console.log('\nMoved clocks:');
  for (const [clock, ok] of results) console.log(`${ok ? 'ok    ' : 'FAILED'} ${clock.at} ${clock.tz} (${clock.name})`);
  process.exit(results.every(([, ok]) => ok) ? 0 : 1);
}

main();
