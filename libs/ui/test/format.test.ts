describe('clockTime: the 24-hour clock without an Intl formatter', () => {
  it('writes what en-GB 24-hour Intl writes, in the time zone of the process', async () => {
    const { clockTime } = await import('../src/format');
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

describe('browserTimeZone', () => {
  beforeEach(() => jest.resetModules());
  afterEach(() => {
    delete (globalThis as { Temporal?: unknown }).Temporal;
    jest.resetModules();
  });

  it("takes Temporal's time zone where the browser has Temporal, and builds no Intl formatter", async () => {
    (globalThis as { Temporal?: unknown }).Temporal = { Now: { timeZoneId: () => 'Asia/Kolkata' } };
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    const { browserTimeZone } = await import('../src/format');
    expect(browserTimeZone()).toBe('Asia/Kolkata');
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });

  it('asks Intl where there is no Temporal, and reads the zone once', async () => {
    const { browserTimeZone } = await import('../src/format');
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const calls = made.mock.calls.length;
    browserTimeZone();
    expect(made.mock.calls.length).toBe(calls);
    made.mockRestore();
  });
});
