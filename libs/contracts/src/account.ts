export type LoginMethod = 'google' | 'other';
export type Theme = 'light' | 'dark';

/** GET /api/auth/user */
export interface AuthUser {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  profileImageUrl: string | null;
  referralCode: string | null;
  lastLoginAt: string | null;
  createdAt: string;
  loginMethod: LoginMethod;
  freeAccessUntil: string | null;
  theme: Theme | null;
  /** From the gateway's ADMIN_EMAILS configuration; the client shows the admin link from this flag only. */
  isAdmin: boolean;
  /** True while the football service serves generated demo data. */
  demoData?: boolean;
}

/** What the gateway hands the accounts service after a verified sign-in. */
export interface SignInProfile {
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  loginMethod: LoginMethod;
}
