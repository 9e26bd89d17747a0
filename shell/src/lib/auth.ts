/** The shell's auth state is @matchday/ui's (one hook for the shell and mf-account). */
export { AUTH_USER_KEY, useAuthUser } from '@matchday/ui/unshared';
