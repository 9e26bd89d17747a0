import { execFileSync } from 'node:child_process';
import path from 'node:path';
describe('clockTime: the 24-hour clock without an Intl formatter', () => {
  it('writes what en-GB 24-hour Intl writes, in the time zone of the process', async () => {
    const { clockTime } = await import('../src/dates');
    const intl = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
    // every quarter of an hour over two days, and the minutes around midnight
    const start = Date.UTC(2026, 2, 28, 0, 0);
    const instants = [
      ...Array.from({ length: 2 * 96 }, (_, i) => start + i * 15 * 60_000),
      ...[-1, 0, 1, 5, 59].map((minutes) => Date.UTC(2026, 10, 26, 0, minutes)),
    ];
    for (const instant of instants) expect(clockTime(new Date(instant))).toBe(intl.format(new Date(instant)));
    expect(clockTime(new Date(2026, 10, 26, 0, 5))).toBe('00:05');
    expect(clockTime(new Date(2026, 10, 26, 23, 59))).toBe('23:59');
  });
});

describe("spec §9's en-GB dates without an Intl formatter", () => {
  // every day of two years (all months, weekdays, one- and two-digit days) at noon and just after midnight
  const days = Array.from({ length: 2 * 366 }, (_, i) => new Date(2026, 0, 1 + i, 12));
  const instants = days.flatMap((day) => [day, new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, 1)]);

  it('shortDate writes what en-GB Intl writes ("5 Mar 2026", "5 Sept 2026")', async () => {
    const { shortDate } = await import('../src/dates');
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
    for (const instant of instants) expect(shortDate(instant)).toBe(intl.format(instant));
    expect(shortDate(instants[0]!.toISOString())).toBe(intl.format(instants[0]!));
  });

  it('kickoffDay and calendarDate write what en-GB Intl writes with long names ("Saturday 5 September 2026")', async () => {
    const { calendarDate, kickoffDay } = await import('../src/dates');
    const day = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
    const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    for (const instant of instants) {
      expect(kickoffDay(instant.toISOString())).toBe(day.format(instant).replace(',', ''));
      expect(calendarDate(instant.toISOString())).toBe(date.format(instant));
    }
  });

  it('kickoffLabel names the weekday within the coming week as en-GB Intl does, then the day and time', async () => {
    const { kickoffLabel } = await import('../src/dates');
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long' });
    const now = new Date(2026, 10, 26, 9, 0);
    expect(kickoffLabel(new Date(2026, 10, 26, 19, 30).toISOString(), now)).toBe('Today, 19:30');
    expect(kickoffLabel(new Date(2026, 10, 27, 0, 5).toISOString(), now)).toBe('Tomorrow, 00:05');
    for (let ahead = 2; ahead < 7; ahead += 1) {
      const kickOff = new Date(2026, 10, 26 + ahead, 15, 0);
      expect(kickoffLabel(kickOff.toISOString(), now)).toBe(`${weekday.format(kickOff)}, 15:00`);
    }
    expect(kickoffLabel(new Date(2026, 11, 3, 15, 0).toISOString(), now)).toBe('Thu 3 Dec, 15:00');
    // the year only where the match is not in this season (July to June), or within 60 days of today
    expect(kickoffLabel(new Date(2027, 4, 23, 16, 0).toISOString(), now)).toBe('Sun 23 May, 16:00');
    expect(kickoffLabel(new Date(2026, 5, 14, 20, 0).toISOString(), now)).toBe('Sun 14 Jun 2026, 20:00');
    expect(kickoffLabel(new Date(2027, 7, 14, 15, 0).toISOString(), now)).toBe('Sat 14 Aug 2027, 15:00');
    expect(kickoffLabel(new Date(2026, 6, 1, 15, 0).toISOString(), new Date(2026, 5, 20))).toBe('Wed 1 Jul, 15:00');
  });

  it("counts calendar days in the user's time zone across both clock changes", () => {
    // the clocks go forward on Sun 28 Mar 2027 (a 23-hour day) and back on Sun 31 Oct 2027 (25 hours). Jest's
    // process cannot change its time zone, so the labels are written by a process in Europe/London.
    const cases: Array<[now: string, kickOff: string]> = [
      ['2027-03-27T00:30:00Z', '2027-04-02T22:30:00Z'], // Sat 00:30 GMT -> Fri 23:30 BST: 6 days
      ['2027-10-29T23:30:00Z', '2027-11-05T23:30:00Z'], // Sat 00:30 BST -> Fri 23:30 GMT: 6 days, 7 x 24 h + 1 h
      ['2027-10-29T23:30:00Z', '2027-11-06T23:30:00Z'], // Sat 6 Nov: a week on, a date
      ['2027-03-27T22:30:00Z', '2027-03-28T22:30:00Z'], // Sat 22:30 GMT -> Sun 23:30 BST: tomorrow, 23 h later
    ];
    const script = `import('./libs/ui/src/dates.ts').then(({ default: format }) => console.log(JSON.stringify(${JSON.stringify(cases)}.map(([now, at]) => format.kickoffLabel(at, new Date(now))))))`;
    const written = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
      cwd: path.resolve(__dirname, '../../..'),
      env: { ...process.env, TZ: 'Europe/London' },
      encoding: 'utf8',
    });
    expect(JSON.parse(written)).toEqual(['Friday, 23:30', 'Friday, 23:30', 'Sat 6 Nov, 23:30', 'Tomorrow, 23:30']);
  });
});

describe('browserTimeZone', () => {
  beforeEach(() => jest.resetModules());
  afterEach(() => {
    delete (globalThis as { Temporal?: unknown }).Temporal;
    jest.resetModules();
  });

  it("takes Temporal's time zone where the browser has Temporal, and builds no Intl formatter", async () => {
    (globalThis as { Temporal?: unknown }).Temporal = { Now: { timeZoneId: () => 'Asia/Kolkata' } };
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    const { browserTimeZone } = await import('../src/dates');
    expect(browserTimeZone()).toBe('Asia/Kolkata');
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });

  it('asks Intl where there is no Temporal, and reads the zone once', async () => {
    const { browserTimeZone } = await import('../src/dates');
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const calls = made.mock.calls.length;
    browserTimeZone();
    expect(made.mock.calls.length).toBe(calls);
    made.mockRestore();
  });
});

describe('a match date while a replay is served', () => {
  afterEach(() => jest.resetModules());

  it("writes the match's real day and time (the stored kick-off minus the replay's shift), not Today", async () => {
    const { kickoffDate, kickoffDateTime, kickoffLabel, realTime, setReplayShift } = await import('../src/dates');
    const real = new Date(2024, 11, 1, 16, 30);
    const stored = new Date(2026, 11, 1, 16, 30);
    const now = new Date(2026, 11, 1, 9, 0);
    expect(kickoffLabel(stored.toISOString(), now)).toBe('Today, 16:30');
    setReplayShift(stored.getTime() - real.getTime());
    expect(realTime(stored.toISOString()).getTime()).toBe(real.getTime());
    // the replay's "now" is in the same season as the match: no year on a card, the year on the match page
    expect(kickoffLabel(stored.toISOString(), now)).toBe('Sun 1 Dec, 16:30');
    expect(kickoffDateTime(stored.toISOString())).toBe('Sun 1 Dec 2024, 16:30');
    expect(kickoffDate(stored.toISOString())).toBe('1 Dec 2024');
    setReplayShift(0);
    expect(kickoffLabel(stored.toISOString(), now)).toBe('Today, 16:30');
  });
});

describe('every style, in two time zones and two languages', () => {
  // Spec §9 writes dates in en-GB's words whatever the browser's language, in the browser's time zone. Jest's
  // process cannot change its time zone or language, so each case is written by a process of its own.
  const write = (env: { TZ: string; LANG: string }) => {
    const script = `import('./libs/ui/src/dates.ts').then(({ default: d }) => {
      const at = '2024-12-01T16:30:00Z';
      const now = new Date('2024-11-28T09:00:00Z');
      console.log(JSON.stringify([d.kickoffLabel(at, now), d.kickoffDateTime(at), d.kickoffDay(at), d.kickoffTime(at),
        d.kickoffDate(at), d.calendarDate(at), d.dateTime(at), d.timeOfDay(at), d.axisDay('2024-12-01')]));
    })`;
    return JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', '-e', script], {
        cwd: path.resolve(__dirname, '../../..'),
        env: { ...process.env, ...env, LC_ALL: env.LANG },
        encoding: 'utf8',
      }),
    ) as string[];
  };

  it('London in English and Kolkata in Hindi: the same en-GB words, each in its own time zone', () => {
    expect(write({ TZ: 'Europe/London', LANG: 'en_GB.UTF-8' })).toEqual([
      'Sunday, 16:30',
      'Sun 1 Dec 2024, 16:30',
      'Sunday 1 December 2024',
      '16:30',
      '1 Dec 2024',
      '1 December 2024',
      '1 Dec 2024, 16:30',
      '16:30',
      '1 Dec',
    ]);
    expect(write({ TZ: 'Asia/Kolkata', LANG: 'hi_IN.UTF-8' })).toEqual([
      'Sunday, 22:00',
      'Sun 1 Dec 2024, 22:00',
      'Sunday 1 December 2024',
      '22:00',
      '1 Dec 2024',
      '1 December 2024',
      '1 Dec 2024, 22:00',
      '22:00',
      '1 Dec',
    ]);
  });
});
