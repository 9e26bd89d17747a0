import { forbidden, unauthorized, type ServiceState } from '@matchday/server';

/** The signed-in user's id; 401 for calls that carry no user. */
export function currentUserId(ctx: { state: ServiceState }): number {
  const { userId, scope } = ctx.state.identity;
  if (scope !== 'user' || userId === undefined) throw unauthorized();
  return userId;
}

/** The gateway decides who is an administrator (ADMIN_EMAILS) and refuses others first; this repeats the check. */
export function requireAdmin(ctx: { state: ServiceState }): void {
  currentUserId(ctx);
  if (!ctx.state.identity.isAdmin) throw forbidden('Administrators only');
}
