import ical, { type VEvent } from 'node-ical';
import { publicUrl } from '@matchday/server';
import { startService, testDatabases, type RunningService } from '@matchday/testing';
import type { ImportedMatch } from '../src/importers/model';
import { saveMatches } from '../src/importers/store';
import { fixtureUid } from '../src/modules/calendar/feed';
import { escapeText } from '../src/modules/calendar/ics';
import { football } from '../src/service';

/**
 * Calendar feeds: the iCalendar text itself (CRLF, folding at 75 octets, escaping, UTC times, one UID and DTSTAMP
 * per event; the writer's own rules: calendar-ics.test.ts), the spoiler rule, stable UIDs with SEQUENCE after a
 * kick-off moved through the store, postponed matches, byte-identical replies with ETag/304, 400/404, and the
 * personal feed's union; the warm-up's feed: calendar-warm-up.test.ts.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Feed {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
}

/** The physical lines of a feed's bytes (split on CRLF only), each checked to be whole UTF-8 and at most 75 octets. */
function physicalLines(bytes: Buffer): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length - 1; i += 1) {
    if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
      lines.push(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start, i)));
      expect(i - start).toBeLessThanOrEqual(75);
      start = i + 2;
      i += 1;
    }
  }
  expect(start).toBe(bytes.length); // the last line ends in CRLF too
  return lines;
}

/** Content lines after unfolding, per event: the raw property lines between BEGIN:VEVENT and END:VEVENT. */
function rawEvents(text: string): string[][] {
  const unfolded = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events: string[][] = [];
  let current: string[] | null = null;
  for (const line of unfolded) {
    if (line === 'BEGIN:VEVENT') current = [];
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = null;
    } else if (current) current.push(line);
  }
  return events;
}

function parsedEvents(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
}

const summaryOf = (event: VEvent) => (typeof event.summary === 'string' ? event.summary : event.summary.val);

/** Checks the iCalendar form every feed must have; returns the parsed events by UID. */
function checkForm(feed: Feed, calendarName: string): Map<string, VEvent> {
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(feed.headers.get('cache-control')).toBe('public, max-age=900');
  expect(feed.headers.get('content-disposition')).toMatch(/^inline; filename="[a-z0-9-]+\.ics"$/);
  expect(feed.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
  // CRLF only: no bare CR or LF anywhere
  expect(feed.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const lines = physicalLines(feed.bytes);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines[lines.length - 1]).toBe('END:VCALENDAR');
  const unfolded = feed.text.replace(/\r\n[ \t]/g, '').split('\r\n');
  expect(unfolded).toContain('VERSION:2.0');
  expect(unfolded).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT6H');
  expect(unfolded).toContain('X-PUBLISHED-TTL:PT6H');
  expect(unfolded).toContain(`X-WR-CALNAME:${escapeText(calendarName)}`);
  const raw = rawEvents(feed.text);
  for (const event of raw) {
    const named = (name: string) => event.filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
    expect(named('UID')).toHaveLength(1);
    expect(named('DTSTAMP')).toHaveLength(1);
    expect(named('SEQUENCE')).toHaveLength(1);
    for (const name of ['DTSTAMP', 'DTSTART', 'DTEND'])
      expect(named(name)).toEqual([expect.stringMatching(new RegExp(`^${name}:\\d{8}T\\d{6}Z$`))]);
  }
  const parsed = parsedEvents(feed.text);
  // node-ical keys events by UID: as many parsed as written means no UID is used twice
  expect(parsed).toHaveLength(raw.length);
  const byUid = new Map(parsed.map((event) => [event.uid, event]));
  for (const event of parsed) {
    expect(event.end!.getTime() - event.start.getTime()).toBe(2 * HOUR);
    expect(event.uid).toMatch(/^[0-9a-f-]{36}@matchday$/);
  }
  return byUid;
}

describe.each(testDatabases())('calendar feeds on %s', (_label, target) => {
  let service: RunningService;
  // whole hours (MySQL DATETIME keeps no milliseconds)
  const now = Math.floor(Date.now() / HOUR) * HOUR;
  const LEAGUE = 9901;
  const CUP = 9902;
  const names = {
    a: 'Ölympique Lyon, Villeurbanne; Ωmega 🦁',
    b: 'Zürich\\Grasshoppers Ärzte — Δ',
    c: 'Club Ñandú de São Paulo Futebol Clube e Associação Atlética Ponte Preta',
    d: 'Plain Town',
  };
  const venue = { name: 'Estádio "Ñandú", Norte; Ala 2', city: 'São Paulo' };
  const team: Record<keyof typeof names, number> = { a: 0, b: 0, c: 0, d: 0 };
  const leagueInfo = { name: 'Liga Süd, Nord; Test', country: 'Testland', type: 'league' as const };
  const cupInfo = { name: 'Copa Ω', country: 'Testland', type: 'cup' as const };

  const match = (
    id: string,
    home: keyof typeof names,
    away: keyof typeof names,
    kickoff: number,
    extra: Partial<ImportedMatch> = {},
  ): ImportedMatch => ({
    source: 'results-csv',
    externalId: id,
    leagueId: LEAGUE,
    season: 2026,
    kickoffAt: new Date(kickoff),
    status: 'scheduled',
    stage: 'regular',
    round: 'Regular Season - 1',
    home: { name: names[home], country: 'Testland' },
    away: { name: names[away], country: 'Testland' },
    goals: null,
    venue,
    league: leagueInfo,
    ...extra,
  });
  const matches = {
    m1: match('m1', 'a', 'b', now - 10 * DAY, { status: 'finished', goals: { home: 2, away: 1 } }),
    m2: match('m2', 'c', 'a', now + 3 * DAY, { venue: null }),
    m3: match('m3', 'a', 'd', now + 7 * DAY, { status: 'postponed' }),
    m4: match('m4', 'b', 'c', now + 5 * DAY),
    m5: match('m5', 'a', 'c', now - 60 * DAY, { status: 'finished', goals: { home: 0, away: 0 } }),
    m6: match('m6', 'a', 'b', now - 400 * DAY, { season: 2025, status: 'finished', goals: { home: 3, away: 3 } }),
    c1: match('c1', 'a', 'd', now - 5 * DAY, {
      leagueId: CUP,
      league: cupInfo,
      stage: 'knockout',
      round: 'Final, replay',
      status: 'finished',
      goals: { home: 1, away: 1 },
      extraTime: { home: 2, away: 2 },
      penalties: { home: 4, away: 2 },
    }),
    c2: match('c2', 'b', 'd', now + 10 * DAY, { leagueId: CUP, league: cupInfo, stage: 'knockout', round: 'Semi-final' }),
  };
  const fixture: Record<keyof typeof matches, number> = { m1: 0, m2: 0, m3: 0, m4: 0, m5: 0, m6: 0, c1: 0, c2: 0 };

  async function feed(pathname: string, headers: Record<string, string> = {}): Promise<Feed> {
    const response = await service.request(pathname, { headers });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
  }

  async function save(...list: ImportedMatch[]): Promise<void> {
    const summary = await saveMatches(service.db, list);
    expect(summary.problems).toEqual([]);
  }

  beforeAll(async () => {
    service = await startService(football, target('football'));
    await save(...Object.values(matches));
    for (const key of Object.keys(names) as Array<keyof typeof names>) {
      const row = (await service.db('teams').where({ name: names[key] }).first('id')) as { id: number } | undefined;
      team[key] = Number(row!.id);
    }
    const links = (await service
      .db('external_ids')
      .where({ entity: 'fixture', source: 'results-csv' })
      .select('external_id', 'entity_id')) as Array<{
      external_id: string;
      entity_id: number;
    }>;
    for (const link of links) fixture[link.external_id as keyof typeof matches] = Number(link.entity_id);
    expect(Object.values(fixture).every((id) => id > 0)).toBe(true);
  });
  afterAll(async () => {
    await service?.close();
  });

  const teamFeed = (key: keyof typeof names, query = '') => `/api/calendar/team/${team[key]}.ics${query}`;
  const uid = (key: keyof typeof matches) => fixtureUid(fixture[key]);

  it("gives a team's fixtures of the current season, well-formed, names round-tripping through escaping and folding", async () => {
    const reply = await feed(teamFeed('a'));
    const events = checkForm(reply, `${names.a} · Matchday`);
    expect(reply.headers.get('content-disposition')).toBe(`inline; filename="matchday-team-${team.a}.ics"`);
    // m6 is of the previous season, m4 and c2 are other teams' matches
    expect([...events.keys()]).toEqual(['m5', 'm1', 'c1', 'm2', 'm3'].map((key) => uid(key as keyof typeof matches)));
    // long lines were folded (the checks above ran on folded lines)
    expect(reply.text).toContain('\r\n ');
    // escaped as RFC 5545 TEXT (what node-ical would also accept unescaped): the raw unfolded lines
    const unfolded = reply.text.replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(unfolded).toContain('X-WR-CALNAME:Ölympique Lyon\\, Villeurbanne\\; Ωmega 🦁 · Matchday');
    const m1Lines = rawEvents(reply.text).find((lines) => lines.includes(`UID:${uid('m1')}`))!;
    expect(m1Lines).toContain('SUMMARY:Ölympique Lyon\\, Villeurbanne\\; Ωmega 🦁 v Zürich\\\\Grasshoppers Ärzte — Δ');
    expect(m1Lines).toContain('LOCATION:Estádio "Ñandú"\\, Norte\\; Ala 2\\, São Paulo');
    expect(m1Lines.find((line) => line.startsWith('DESCRIPTION:'))).toMatch(
      /^DESCRIPTION:Liga Süd\\, Nord\\; Test 2026-27\\, Regular Season - 1\\nhttp/,
    );
    const m1 = events.get(uid('m1'))!;
    expect(summaryOf(m1)).toBe(`${names.a} v ${names.b}`);
    expect(m1.location).toBe(`${venue.name}, ${venue.city}`);
    expect(m1.description).toBe(`Liga Süd, Nord; Test 2026-27, Regular Season - 1\n${publicUrl()}/fixture-stats/${fixture.m1}`);
    expect(String(m1.url)).toBe(`${publicUrl()}/fixture-stats/${fixture.m1}`);
    expect(m1.start.getTime()).toBe(matches.m1.kickoffAt.getTime());
    expect(m1.status).toBe('CONFIRMED');
    expect(Number(m1.sequence)).toBe(0);
    // never rescheduled: the fixed stamp, not the time of the request
    expect(m1.dtstamp.getTime()).toBe(Date.UTC(2026, 10, 25));
    expect(events.get(uid('m2'))!.location).toBeUndefined();
    expect(summaryOf(events.get(uid('m2'))!)).toBe(`${names.c} v ${names.a}`);
    expect(events.get(uid('c1'))!.description).toMatch(/^Copa Ω 2026-27, Final, replay\n/);
  });

  it('marks a postponed match CANCELLED, keeping its UID', async () => {
    const events = checkForm(await feed(teamFeed('a')), `${names.a} · Matchday`);
    const m3 = events.get(uid('m3'))!;
    expect(m3.status).toBe('CANCELLED');
    expect(summaryOf(m3)).toBe(`${names.a} v ${names.d} (postponed)`);
    expect([...events.values()].filter((e) => e.status === 'CANCELLED')).toHaveLength(1);
  });

  it('shows no score by default and the final score of finished matches with ?scores=1', async () => {
    const plain = [...checkForm(await feed(teamFeed('a')), `${names.a} · Matchday`).values()].map(summaryOf);
    expect(plain.every((title) => !/\d–\d/.test(title))).toBe(true);
    const withScores = checkForm(await feed(teamFeed('a', '?scores=1')), `${names.a} · Matchday`);
    expect(summaryOf(withScores.get(uid('m1'))!)).toBe(`${names.a} 2–1 ${names.b}`);
    expect(summaryOf(withScores.get(uid('m5'))!)).toBe(`${names.a} 0–0 ${names.c}`);
    expect(summaryOf(withScores.get(uid('c1'))!)).toBe(`${names.a} 2–2 ${names.d} (4–2 pens)`);
    // matches not played keep the plain title
    expect(summaryOf(withScores.get(uid('m2'))!)).toBe(`${names.c} v ${names.a}`);
    expect((await feed(teamFeed('a', '?scores=0'))).text).toBe((await feed(teamFeed('a'))).text);
  });

  it('is byte-identical when nothing changed (a re-import included), with an ETag that answers 304', async () => {
    const first = await feed(teamFeed('a'));
    await save(matches.m1, matches.m2);
    const second = await feed(teamFeed('a'));
    expect(second.bytes.equals(first.bytes)).toBe(true);
    const etag = first.headers.get('etag')!;
    expect(second.headers.get('etag')).toBe(etag);
    const scored = await feed(teamFeed('a', '?scores=1'));
    expect(scored.headers.get('etag')).not.toBe(etag);

    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const revalidated = await feed(teamFeed('a'), { 'if-none-match': header });
      expect(revalidated.status).toBe(304);
      expect(revalidated.bytes.length).toBe(0);
      expect(revalidated.headers.get('etag')).toBe(etag);
      expect(revalidated.headers.get('cache-control')).toBe('public, max-age=900');
    }
    // a stale ETag gets the feed; Cache-Control: no-cache from the client does not stop a 304
    expect((await feed(teamFeed('a'), { 'if-none-match': '"stale"' })).status).toBe(200);
    expect((await feed(teamFeed('a'), { 'if-none-match': etag, 'cache-control': 'no-cache' })).status).toBe(304);
  });

  it("gives every fixture of a league-season, and a previous season's on its own", async () => {
    const current = await feed(`/api/calendar/league/${LEAGUE}/2026.ics`);
    const events = checkForm(current, 'Liga Süd, Nord; Test 2026-27 · Matchday');
    expect(current.headers.get('content-disposition')).toBe(`inline; filename="matchday-league-${LEAGUE}-2026.ics"`);
    expect([...events.keys()]).toEqual(['m5', 'm1', 'm2', 'm4', 'm3'].map((key) => uid(key as keyof typeof matches)));
    const previous = checkForm(await feed(`/api/calendar/league/${LEAGUE}/2025.ics?scores=1`), 'Liga Süd, Nord; Test 2025-26 · Matchday');
    expect([...previous.keys()]).toEqual([uid('m6')]);
    expect(summaryOf(previous.get(uid('m6'))!)).toBe(`${names.a} 3–3 ${names.b}`);
    // the next season can be subscribed to before its fixtures exist
    expect(checkForm(await feed(`/api/calendar/league/${LEAGUE}/2027.ics`), 'Liga Süd, Nord; Test 2027-28 · Matchday').size).toBe(0);
  });

  it('answers 400 with a message for a bad id or file name and 404 for an unknown team, league or season', async () => {
    const refusal = async (pathname: string, status: number, message: RegExp) => {
      const response = await service.request(pathname);
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    };
    await refusal('/api/calendar/team/abc.ics', 400, /expected \{teamId\}\.ics/);
    await refusal(`/api/calendar/team/${team.a}`, 400, /expected \{teamId\}\.ics/);
    await refusal(`/api/calendar/team/${team.a}.ICS`, 400, /expected \{teamId\}\.ics/);
    await refusal(`/api/calendar/team/${team.a}.ics.ics`, 400, /expected \{teamId\}\.ics/);
    await refusal(`/api/calendar/team/-1.ics`, 400, /expected \{teamId\}\.ics/);
    await refusal(`/api/calendar/team/${team.a}.ics?scores=2`, 400, /scores: expected 0 or 1/);
    await refusal(`/api/calendar/team/${team.a}.ics?tz=UTC`, 400, /tz: unknown parameter/);
    await refusal('/api/calendar/team/987654.ics', 404, /^Team not found$/);
    await refusal('/api/calendar/league/abc/2026.ics', 400, /leagueId: expected a whole number/);
    await refusal(`/api/calendar/league/${LEAGUE}/2026`, 400, /expected \{season\}\.ics/);
    await refusal(`/api/calendar/league/${LEAGUE}/99.ics`, 400, /starting year/);
    await refusal('/api/calendar/league/987654/2026.ics', 404, /^League not found$/);
    await refusal(`/api/calendar/league/${LEAGUE}/1990.ics`, 404, /^Season not found$/);
    await refusal(`/internal/calendar/feed?teams=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`, 400, /teams: at most 50 teams/);
    await refusal(`/internal/calendar/feed?leagues=${Array.from({ length: 51 }, (_, i) => i + 1).join(',')}`, 400, /leagues: at most 50/);
    await refusal('/internal/calendar/feed?teams=1,x', 400, /teams: expected comma-separated whole numbers/);
    await refusal('/internal/calendar/feed?scores=yes', 400, /scores: expected 0 or 1/);
  });

  it('gives the personal feed: the union of teams and leagues, each fixture once, from 30 days back', async () => {
    const fifty = Array.from({ length: 49 }, (_, i) => 900_000 + i).join(',');
    const reply = await feed(
      `/internal/calendar/feed?teams=${team.a},${fifty}&leagues=${CUP},${CUP}&name=${encodeURIComponent('Mine, all; mine')}`,
    );
    const events = checkForm(reply, 'Mine, all; mine');
    // c1 is both a's and the cup's: once; m5 (60 days ago) is before the window, m6 of the previous season
    expect([...events.keys()]).toEqual(['m1', 'c1', 'm2', 'm3', 'c2'].map((key) => uid(key as keyof typeof matches)));
    expect(rawEvents(reply.text).filter((lines) => lines.includes(`UID:${uid('c1')}`))).toHaveLength(1);
    expect([...events.values()].map(summaryOf).some((title) => /\d–\d/.test(title))).toBe(false);
    const scored = checkForm(await feed(`/internal/calendar/feed?teams=${team.a}&leagues=${CUP}&scores=1`), 'My follows · Matchday');
    expect(summaryOf(scored.get(uid('m1'))!)).toBe(`${names.a} 2–1 ${names.b}`);
    // leagues only, teams only, nothing followed
    expect([...checkForm(await feed(`/internal/calendar/feed?leagues=${CUP}`), 'My follows · Matchday').keys()]).toEqual([
      uid('c1'),
      uid('c2'),
    ]);
    expect(checkForm(await feed(`/internal/calendar/feed?teams=${team.d}&leagues=`), 'My follows · Matchday').size).toBe(3);
    expect(checkForm(await feed('/internal/calendar/feed'), 'My follows · Matchday').size).toBe(0);
    // byte-identical and revalidated like the public feeds
    const again = await feed(
      `/internal/calendar/feed?teams=${team.a},${fifty}&leagues=${CUP},${CUP}&name=${encodeURIComponent('Mine, all; mine')}`,
    );
    expect(again.bytes.equals(reply.bytes)).toBe(true);
    const etag = reply.headers.get('etag')!;
    expect(
      (
        await feed(`/internal/calendar/feed?teams=${team.a},${fifty}&leagues=${CUP},${CUP}&name=${encodeURIComponent('Mine, all; mine')}`, {
          'if-none-match': etag,
        })
      ).status,
    ).toBe(304);
  });

  it('keeps the UID of a match whose kick-off moves, with the next SEQUENCE, the new DTSTART and a new DTSTAMP', async () => {
    const before = await feed(teamFeed('a'));
    const old = checkForm(before, `${names.a} · Matchday`).get(uid('m2'))!;
    expect(Number(old.sequence)).toBe(0);
    const movedTo = now + 4 * DAY + 2 * HOUR;
    const writtenFrom = Math.floor(Date.now() / 1000) * 1000;
    await save({ ...matches.m2, kickoffAt: new Date(movedTo) });
    const writtenBy = Date.now();
    const after = await feed(teamFeed('a'));
    const events = checkForm(after, `${names.a} · Matchday`);
    const moved = events.get(uid('m2'))!;
    expect(moved.uid).toBe(old.uid);
    expect(Number(moved.sequence)).toBe(1);
    expect(moved.start.getTime()).toBe(movedTo);
    expect(moved.end!.getTime()).toBe(movedTo + 2 * HOUR);
    expect(moved.dtstamp.getTime()).toBeGreaterThanOrEqual(writtenFrom);
    expect(moved.dtstamp.getTime()).toBeLessThanOrEqual(writtenBy);
    // the other events are untouched, and the old ETag no longer matches
    expect(Number(events.get(uid('m1'))!.sequence)).toBe(0);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await feed(teamFeed('a'), { 'if-none-match': before.headers.get('etag')! })).status).toBe(200);
    // moving it again: the next SEQUENCE again; the same kick-off again: nothing changes
    await save({ ...matches.m2, kickoffAt: new Date(movedTo + HOUR) });
    await save({ ...matches.m2, kickoffAt: new Date(movedTo + HOUR) });
    expect(Number(checkForm(await feed(teamFeed('a')), `${names.a} · Matchday`).get(uid('m2'))!.sequence)).toBe(2);
  });

  it('raises SEQUENCE when a match is postponed or brought back, not when it is played', async () => {
    const league = `/api/calendar/league/${LEAGUE}/2026.ics`;
    await save({ ...matches.m4, status: 'finished', goals: { home: 0, away: 0 } });
    let events = checkForm(await feed(league), 'Liga Süd, Nord; Test 2026-27 · Matchday');
    expect(Number(events.get(uid('m4'))!.sequence)).toBe(0);
    expect(events.get(uid('m4'))!.status).toBe('CONFIRMED');
    // the postponed m3 gets a new date
    const newDate = now + 20 * DAY;
    await save({ ...matches.m3, status: 'scheduled', kickoffAt: new Date(newDate) });
    events = checkForm(await feed(league), 'Liga Süd, Nord; Test 2026-27 · Matchday');
    const m3 = events.get(uid('m3'))!;
    expect(m3.status).toBe('CONFIRMED');
    expect(Number(m3.sequence)).toBe(1);
    expect(m3.start.getTime()).toBe(newDate);
    expect(summaryOf(m3)).toBe(`${names.a} v ${names.d}`);
    // and is postponed again, at the same time
    await save({ ...matches.m3, status: 'postponed', kickoffAt: new Date(newDate) });
    events = checkForm(await feed(league), 'Liga Süd, Nord; Test 2026-27 · Matchday');
    expect(events.get(uid('m3'))!.status).toBe('CANCELLED');
    expect(Number(events.get(uid('m3'))!.sequence)).toBe(2);
  });

  it("says, while a replay is served, that each event is of a replay and names the match's real date", async () => {
    // every kick-off stored 730 days after the real one, as the default replay stores them on 28 Nov 2026
    const shiftDays = 730;
    await service.db('dataset_meta').insert([
      { key: 'date_shift_days', value: String(shiftDays) },
      { key: 'replay_label', value: 'Premier League 2024-25' },
    ]);
    try {
      const events = checkForm(await feed(teamFeed('a')), `${names.a} · Matchday`);
      const m1 = events.get(uid('m1'))!;
      const real = new Date(matches.m1.kickoffAt.getTime() - shiftDays * DAY);
      const day = `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][real.getUTCDay()]} ${real.getUTCDate()} ${
        ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'][real.getUTCMonth()]
      } ${real.getUTCFullYear()}`;
      expect(m1.description).toBe(
        `Replay of Premier League 2024-25: this match was played on ${day}.\nLiga Süd, Nord; Test 2026-27, Regular Season - 1\n${publicUrl()}/fixture-stats/${fixture.m1}`,
      );
      // the event stays where the replay plays it
      expect(m1.start.getTime()).toBe(matches.m1.kickoffAt.getTime());
    } finally {
      await service.db('dataset_meta').whereIn('key', ['date_shift_days', 'replay_label']).delete();
    }
  });
});
