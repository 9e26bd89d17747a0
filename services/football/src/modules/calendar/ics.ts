import { createHash } from 'node:crypto';

/**
 * A small iCalendar (RFC 5545) writer: what the calendar feeds need and nothing more. Content lines end in
 * CRLF and are folded at 75 octets (UTF-8 octets, never inside a character or an escape pair); TEXT values
 * are escaped (backslash, semicolon, comma, line break); times are UTC (`YYYYMMDDTHHMMSSZ`). The output
 * depends only on its input, so the same calendar is the same bytes (what the feeds' ETag relies on).
 */

export interface IcsEvent {
  /** Stable forever for one real-world event (uuidV5 below). */
  uid: string;
  /** Revision of the event's schedule (start time, cancellation); a client keeps the highest. */
  sequence: number;
  /** DTSTAMP, epoch ms: when this revision was made (never the time of the request). */
  stamp: number;
  /** Epoch ms. */
  start: number;
  end: number;
  summary: string;
  location?: string | null;
  description?: string | null;
  url?: string | null;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  /** TRANSP:TRANSPARENT: the event does not make its owner busy. */
  transparent?: boolean;
}

export interface IcsCalendar {
  /** X-WR-CALNAME: the name a calendar app gives the subscription. */
  name: string;
  /** Suggested refresh, an RFC 5545 duration such as PT6H (REFRESH-INTERVAL and X-PUBLISHED-TTL; a hint only). */
  refresh: string;
  events: readonly IcsEvent[];
}

export const PRODID = '-//Matchday//Football calendar feeds//EN';

/** TEXT escaping (RFC 5545 §3.3.11); line breaks become \n, other control characters are dropped (TEXT forbids them). */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n|\r|\n/g, '\n')
    .replace(/(?![\t\n])\p{Cc}/gu, '')
    .replace(/[\\;,\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}

/** UTF-8 octets of one code point. */
function octets(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * Folds a content line (RFC 5545 §3.1): no line longer than 75 octets, each continuation starting with one
 * space. Breaks only between characters (never inside a UTF-8 sequence) and never inside an escape pair such
 * as `\,` (unfolding would restore it, but some readers are less careful).
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  // the first line holds 75 octets; a continuation line holds the space and 74 more
  let room = 75;
  for (const [token] of line.matchAll(/\\[\s\S]|[\s\S]/gu)) {
    let width = 0;
    for (const char of token) width += octets(char.codePointAt(0)!);
    if (size + width > room) {
      parts.push(current);
      current = '';
      size = 0;
      room = 74;
    }
    current += token;
    size += width;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A UTC date-time value: 20240817T140000Z. */
export function utcDateTime(epochMs: number): string {
  return new Date(epochMs)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** A name-based UUID, version 5 (SHA-1; RFC 4122 §4.3). */
export function uuidV5(name: string, namespace: string): string {
  const space = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (space.length !== 16) throw new Error(`not a UUID: ${namespace}`);
  const bytes = createHash('sha1').update(space).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50; // version 5
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // the RFC 4122 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function eventLines(event: IcsEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  // URL is a URI value, not TEXT: written as it is
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(`STATUS:${event.status}`);
  if (event.transparent) lines.push('TRANSP:TRANSPARENT');
  lines.push('END:VEVENT');
  return lines;
}

/** The calendar as an iCalendar object: CRLF line ends (the last line too), folded lines. */
export function writeCalendar(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${calendar.refresh}`,
    `X-PUBLISHED-TTL:${calendar.refresh}`,
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
