import { fixtureUid } from '../src/modules/calendar/feed';
import { escapeText, foldLine, utcDateTime, uuidV5 } from '../src/modules/calendar/ics';

/** The iCalendar writer of the calendar feeds (calendar.test.ts): escaping, folding at 75 octets, UTC times, UIDs. */

describe('ics writer', () => {
  it('escapes TEXT: backslash, semicolon, comma and line breaks; drops other control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg\u0007h\ti')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng' + 'h\ti');
  });

  it('folds at 75 octets, never inside a UTF-8 sequence or an escape pair', () => {
    // 'ab' + 2-octet characters: a fold by characters would give 77 octets, a fold by octets at 75 would split an 'é'
    const line = `ab${'é'.repeat(80)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    expect(physical.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    for (const part of physical) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      expect(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(part))).toBe(part);
    }
    expect(physical[0]).toBe(`ab${'é'.repeat(36)}`);
    expect(physical.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    // four-octet characters
    const emoji = foldLine(`SUMMARY:${'🦁'.repeat(40)}`).split('\r\n');
    expect(emoji.every((part) => Buffer.byteLength(part) <= 75 && !part.includes('\uFFFD'))).toBe(true);
    expect(emoji[0]).toBe(`SUMMARY:${'🦁'.repeat(16)}`);
    // an escape pair at the boundary moves whole to the next line
    expect(foldLine(`${'x'.repeat(74)}\\,y`).split('\r\n')).toEqual(['x'.repeat(74), ' \\,y']);
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
  });

  it('writes UTC date-times and RFC 4122 version 5 UUIDs', () => {
    expect(utcDateTime(Date.UTC(2024, 7, 17, 14, 5, 9, 123))).toBe('20240817T140509Z');
    // RFC 4122 / Python's uuid5(NAMESPACE_DNS, 'www.example.com')
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
    expect(fixtureUid(42)).toBe(fixtureUid(42));
    expect(fixtureUid(42)).not.toBe(fixtureUid(43));
    expect(fixtureUid(42)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}@matchday$/);
  });
});
