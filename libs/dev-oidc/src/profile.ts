/** "alice.smith@example.com" -> Alice / Smith (names the dev provider uses when the form leaves them empty). */
export function defaultNames(email: string): { firstName: string; lastName: string } {
  const local = email.split('@')[0] ?? email;
  const [first = local, ...rest] = local.split(/[._-]+/).filter(Boolean);
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return { firstName: cap(first), lastName: rest.map(cap).join(' ') };
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
