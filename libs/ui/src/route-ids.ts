/** True when a route parameter (path or query) is an id: a positive whole number. */
export function isId(value: string | null | undefined): value is string {
  return !!value && /^\d+$/.test(value) && Number(value) > 0;
}
