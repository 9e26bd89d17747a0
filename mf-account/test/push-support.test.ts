import { createECDH } from 'node:crypto';
import { applicationServerKey, iosVersion, pushState, sameKey, type PushEnvironment } from '../src/features/settings/rules/push-support';

const UA = {
  iphone163:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.3 Mobile/15E148 Safari/604.1',
  iphone164:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.4 Mobile/15E148 Safari/604.1',
  iphone1712:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1',
  chromeOnIphone162:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/108.0.5359.112 Mobile/15E148 Safari/604.1',
  ipad156: 'Mozilla/5.0 (iPad; CPU OS 15_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1',
  // iPadOS asking for desktop sites, and Safari on a Mac: the same user agent, told apart by the touch screen
  macSafari163: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.3 Safari/605.1.15',
  macSafari17: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
  iphoneWebView: 'Mozilla/5.0 (iPhone; like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

/** A browser with everything push needs, permission not asked yet, no subscription. */
const env = (patch: Partial<PushEnvironment>): PushEnvironment => ({
  userAgent: UA.android,
  maxTouchPoints: 5,
  standalone: false,
  serviceWorker: true,
  pushManager: true,
  notification: true,
  permission: 'default',
  subscribed: false,
  ...patch,
});
/** Safari on iOS outside a Home Screen web app: no Push API, no Notification API. */
const iosSafari = { pushManager: false, notification: false, permission: null } as const;

describe('iOS version from the user agent', () => {
  it('reads the OS version of every iOS browser, also with a patch number', () => {
    expect(iosVersion(UA.iphone163, 5)).toEqual({ major: 16, minor: 3 });
    expect(iosVersion(UA.iphone1712, 5)).toEqual({ major: 17, minor: 1 });
    expect(iosVersion(UA.chromeOnIphone162, 5)).toEqual({ major: 16, minor: 2 });
    expect(iosVersion(UA.ipad156, 5)).toEqual({ major: 15, minor: 6 });
  });

  it("takes Safari's version for iPadOS as a desktop, never the frozen 'Mac OS X 10_15_7'", () => {
    expect(iosVersion(UA.macSafari163, 5)).toEqual({ major: 16, minor: 3 });
  });

  it('gives nothing for a Mac, Android or an iOS web view without a version', () => {
    expect(iosVersion(UA.macSafari163, 0)).toBeNull();
    expect(iosVersion(UA.android, 5)).toBeNull();
    expect(iosVersion(UA.iphoneWebView, 5)).toBeNull();
  });
});

describe('push state of a device', () => {
  it('iPhone and iPad before 16.4: "needs iOS 16.4", even opened from the Home Screen', () => {
    expect(pushState(env({ userAgent: UA.iphone163, ...iosSafari }))).toBe('ios-too-old');
    expect(pushState(env({ userAgent: UA.iphone163, standalone: true, ...iosSafari }))).toBe('ios-too-old');
    expect(pushState(env({ userAgent: UA.chromeOnIphone162, ...iosSafari }))).toBe('ios-too-old');
    expect(pushState(env({ userAgent: UA.ipad156, ...iosSafari }))).toBe('ios-too-old');
    expect(pushState(env({ userAgent: UA.macSafari163, maxTouchPoints: 5, ...iosSafari }))).toBe('ios-too-old');
  });

  it('iOS 16.4 and later in the browser: "Add to Home Screen", not "unsupported"', () => {
    expect(pushState(env({ userAgent: UA.iphone164, ...iosSafari }))).toBe('ios-install');
    expect(pushState(env({ userAgent: UA.iphone1712, ...iosSafari }))).toBe('ios-install');
    expect(pushState(env({ userAgent: UA.macSafari17, maxTouchPoints: 5, ...iosSafari }))).toBe('ios-install');
    // outside the Home Screen push is not delivered even where the browser shows the APIs
    expect(pushState(env({ userAgent: UA.iphone1712 }))).toBe('ios-install');
    // no version to read: installing is still the way to push on an iPhone
    expect(pushState(env({ userAgent: UA.iphoneWebView, ...iosSafari }))).toBe('ios-install');
  });

  it('iOS 16.4 and later from the Home Screen: off, then on once subscribed with permission', () => {
    expect(pushState(env({ userAgent: UA.iphone164, standalone: true }))).toBe('off');
    expect(pushState(env({ userAgent: UA.iphone1712, standalone: true, permission: 'granted', subscribed: true }))).toBe('on');
    // installed, but push switched off in the system's Safari features
    expect(pushState(env({ userAgent: UA.iphone1712, standalone: true, ...iosSafari }))).toBe('unsupported');
  });

  it('a Mac is not an iPad: Safari 16.3 on a Mac with push is offered push', () => {
    expect(pushState(env({ userAgent: UA.macSafari163, maxTouchPoints: 0 }))).toBe('off');
  });

  it('unsupported without a service worker, the Push API or the Notification API', () => {
    expect(pushState(env({ serviceWorker: false }))).toBe('unsupported');
    expect(pushState(env({ pushManager: false }))).toBe('unsupported');
    expect(pushState(env({ userAgent: UA.firefox, maxTouchPoints: 0, notification: false, permission: null }))).toBe('unsupported');
  });

  it('denied wins over a subscription left behind; on needs both permission and a subscription', () => {
    expect(pushState(env({ permission: 'denied', subscribed: true }))).toBe('denied');
    expect(pushState(env({ permission: 'granted', subscribed: false }))).toBe('off');
    expect(pushState(env({ permission: 'default', subscribed: true }))).toBe('off');
    expect(pushState(env({ permission: 'granted', subscribed: true }))).toBe('on');
  });
});

describe('application server key', () => {
  const ecdh = createECDH('prime256v1');
  const point = ecdh.generateKeys(); // 65 bytes: 0x04, x, y

  it('decodes the base64url VAPID key to its 65 bytes', () => {
    const key = applicationServerKey(point.toString('base64url'));
    expect(key).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(key).equals(point)).toBe(true);
  });

  it('takes it padded or with surrounding spaces too', () => {
    const padded = `${point.toString('base64url')}===`.slice(0, Math.ceil(point.toString('base64url').length / 4) * 4);
    expect(Buffer.from(applicationServerKey(` ${padded}\n`)).equals(point)).toBe(true);
  });

  it('refuses text that is not base64url, and keys that are not an uncompressed P-256 point', () => {
    expect(() => applicationServerKey('not a key!')).toThrow('not base64url');
    expect(() => applicationServerKey('A')).toThrow('not base64url');
    expect(() => applicationServerKey(point.subarray(0, 33).toString('base64url'))).toThrow('not a P-256 public key');
    const compressedMarker = Buffer.from(point);
    compressedMarker[0] = 0x02;
    expect(() => applicationServerKey(compressedMarker.toString('base64url'))).toThrow('not a P-256 public key');
  });

  it('tells whether a subscription was made with the same key', () => {
    const key = applicationServerKey(point.toString('base64url'));
    const copy = new Uint8Array(key).buffer;
    const other = new Uint8Array(key);
    other[64] = (other[64]! + 1) % 256;
    expect(sameKey(copy, key)).toBe(true);
    expect(sameKey(other.buffer, key)).toBe(false);
    expect(sameKey(new Uint8Array(key.subarray(0, 64)).buffer, key)).toBe(false);
    expect(sameKey(null, key)).toBe(false);
  });
});
