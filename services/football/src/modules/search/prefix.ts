/**
 * The exclusive upper bound of the terms that start with `prefix` under a binary (code point) order:
 * the prefix with its last character raised by one ("city" -> "citz"). Terms t with
 * prefix <= t < upper are exactly those beginning with prefix.
 */
export function prefixUpperBound(prefix: string): string {
  const chars = Array.from(prefix);
  const last = chars.pop();
  if (last === undefined) return '\u{10FFFF}';
  const code = last.codePointAt(0)!;
  if (code >= 0x10ffff) return `${prefix}\u{10FFFF}`;
  // no code point lies between the surrogates: after U+D7FF comes U+E000
  return chars.join('') + String.fromCodePoint(code + 1 === 0xd800 ? 0xe000 : code + 1);
}
