import type { AuthUser } from '@matchday/contracts';
import { forgetLastUser, readAuthUser } from '../src/auth-user';

/**
 * The service worker never stores /api/auth/user, so the app remembers the last signed-in user
 * itself (only what the header shows) and uses it when the read fails for want of a network.
 */
describe('readAuthUser: the last signed-in user for loads without network', () => {
  const realFetch = global.fetch;
  const storage = new Map<string, string>();
  const alice: AuthUser = {
    id: 1,
    firstName: 'Alice',
    lastName: 'Liddell',
    email: 'alice@example.com',
    profileImageUrl: null,
    referralCode: 'ALICE1',
    lastLoginAt: '2026-01-01T00:00:00.000Z',
    createdAt: '2025-01-01T00:00:00.000Z',
    loginMethod: 'google',
    freeAccessUntil: '2099-01-01T00:00:00.000Z',
    theme: 'dark',
    isAdmin: false,
  };
  const carol: AuthUser = { ...alice, id: 2, firstName: 'Carol', lastName: null, email: 'carol@example.com', referralCode: 'CAROL1' };
  const replyWith = (status: number, body: unknown) => {
    global.fetch = jest.fn(async () => new Response(JSON.stringify(body), { status })) as typeof fetch;
  };
  const offline = () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
  };

  beforeAll(() => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      value: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => void storage.set(key, String(value)),
        removeItem: (key: string) => void storage.delete(key),
      },
    });
  });
  beforeEach(() => storage.clear());
  afterAll(() => {
    global.fetch = realFetch;
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('answers with the user and keeps only what the header shows', async () => {
    replyWith(200, alice);
    await expect(readAuthUser('/api/auth/user')).resolves.toEqual(alice);
    expect(storage.size).toBe(1);
    const saved = JSON.parse([...storage.values()][0]!) as Record<string, unknown>;
    expect(saved).toEqual({
      id: 1,
      firstName: 'Alice',
      lastName: 'Liddell',
      email: 'alice@example.com',
      profileImageUrl: null,
      isAdmin: false,
    });
  });

  it('offline (a network error, not a reply), answers with the last user saved: the header fields only', async () => {
    replyWith(200, alice);
    await readAuthUser('/api/auth/user');
    offline();
    const user = await readAuthUser('/api/auth/user');
    expect(user).toEqual({
      id: 1,
      firstName: 'Alice',
      lastName: 'Liddell',
      email: 'alice@example.com',
      profileImageUrl: null,
      isAdmin: false,
    });
  });

  it('another user replaces the saved one: offline, the second user never sees the first', async () => {
    replyWith(200, alice);
    await readAuthUser('/api/auth/user');
    replyWith(200, carol);
    await readAuthUser('/api/auth/user');
    offline();
    const user = await readAuthUser('/api/auth/user');
    expect(user).toMatchObject({ id: 2, firstName: 'Carol', email: 'carol@example.com' });
    expect(JSON.stringify(user)).not.toContain('alice');
    expect(JSON.stringify(user)).not.toContain('Alice');
  });

  it('a 401 (signed out) forgets the user: offline afterwards, the read fails', async () => {
    replyWith(200, alice);
    await readAuthUser('/api/auth/user');
    replyWith(401, { message: 'Not signed in' });
    await expect(readAuthUser('/api/auth/user')).resolves.toBeNull();
    expect(storage.size).toBe(0);
    offline();
    await expect(readAuthUser('/api/auth/user')).rejects.toThrow(TypeError);
  });

  it('signing out (or someone signing in) forgets the user', async () => {
    replyWith(200, alice);
    await readAuthUser('/api/auth/user');
    forgetLastUser();
    offline();
    await expect(readAuthUser('/api/auth/user')).rejects.toThrow('Failed to fetch');
  });

  it('a server error is not a missing network: the saved user is not used, the error stands', async () => {
    replyWith(200, alice);
    await readAuthUser('/api/auth/user');
    replyWith(503, { message: 'down' });
    await expect(readAuthUser('/api/auth/user')).rejects.toThrow('503');
    expect(storage.size).toBe(1);
  });

  it('without storage (private mode), the reply still stands and offline reads fail as before', async () => {
    const refuse = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: refuse });
    try {
      replyWith(200, alice);
      await expect(readAuthUser('/api/auth/user')).resolves.toEqual(alice);
      forgetLastUser();
      offline();
      await expect(readAuthUser('/api/auth/user')).rejects.toThrow(TypeError);
    } finally {
      Object.defineProperty(globalThis, 'localStorage', {
        configurable: true,
        value: {
          getItem: (key: string) => storage.get(key) ?? null,
          setItem: (key: string, value: string) => void storage.set(key, String(value)),
          removeItem: (key: string) => void storage.delete(key),
        },
      });
    }
  });
});
