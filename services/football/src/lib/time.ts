/** One formatter per time zone: building one costs about 0.2 ms, and every day-list request needs several. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    // Bounded: a time zone is validated before it gets here, and there are a few hundred of them.
    if (formatters.size < 1_000) formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Offset in ms of an IANA time zone at a given instant (positive east of UTC). UTC's is 0 without asking ICU: the
 * first Intl.DateTimeFormat with a time zone reads ICU's zone data, which then stays resident (football idled at
 * 83-85 MB RSS instead of 90-92 after start-up's warm-up, whose day list is in UTC; bench/stack-memory.ts). The first
 * request in another zone still pays that once.
 */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  const parts = formatterOf(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** Whether `value` is an IANA time zone ICU knows (UTC without asking it, as in zoneOffsetMs). */
export function isTimeZone(value: string): boolean {
  if (value === 'UTC') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Start of the local day `dayOffset` days after the day containing `now`, in `timeZone`, as a UTC instant. */
export function startOfZonedDay(now: Date, timeZone: string, dayOffset: number): Date {
  const local = new Date(now.getTime() + zoneOffsetMs(now, timeZone));
  const midnightAsUtc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + dayOffset);
  // Use the offset in force at that midnight (correct across DST changes)
  const guess = new Date(midnightAsUtc - zoneOffsetMs(new Date(midnightAsUtc), timeZone));
  return new Date(midnightAsUtc - zoneOffsetMs(guess, timeZone));
}

/** Whole UTC calendar days from `from` to `to` (YYYY-MM-DD strings). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function utcDateString(date: Date): string {
  return date.toISOString().slice(0, 10);
}
