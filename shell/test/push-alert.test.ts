import { webManifest } from '@matchday/config';
import type { PushAlert } from '@matchday/contracts';
import shellConfig from '../federation.config';
import {
  alertNotification,
  clickPlan,
  FALLBACK_BODY,
  FALLBACK_TITLE,
  NOTIFICATION_BADGE,
  NOTIFICATION_ICON,
  sameOriginPath,
} from '../src/pwa/push-alert';

const ORIGIN = 'https://matchday.example';

const goal: PushAlert = {
  kind: 'goal',
  title: 'GOAL! Arsenal 1-0 Chelsea',
  body: "Saka 23'",
  tag: 'goal-901-1',
  url: '/fixtures/901',
  fixtureId: 901,
  at: '2026-11-25T15:23:00.000Z',
};

describe('the notification of a push alert', () => {
  it('shows the alert as the server wrote it, with the manifest icon, and buzzes again for a goal', () => {
    expect(alertNotification(JSON.stringify(goal), ORIGIN)).toEqual({
      title: 'GOAL! Arsenal 1-0 Chelsea',
      options: {
        body: "Saka 23'",
        tag: 'goal-901-1',
        renotify: true,
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_BADGE,
        timestamp: Date.UTC(2026, 10, 25, 15, 23),
        data: { url: '/fixtures/901' },
      },
    });
  });

  it('replaces quietly for other kinds: same tag, no renotify', () => {
    for (const kind of ['kick-off', 'line-ups', 'half-time', 'full-time', 'goal-cancelled'] as const) {
      const { options } = alertNotification(JSON.stringify({ ...goal, kind, title: kind }), ORIGIN);
      expect([kind, options.tag, options.renotify]).toEqual([kind, 'goal-901-1', undefined]);
    }
  });

  it('uses an icon the web app manifest lists', () => {
    const icons = (webManifest(shellConfig.pwa!).icons as Array<{ src: string; purpose: string }>).filter((icon) => icon.purpose === 'any');
    expect(icons.map((icon) => icon.src)).toContain(NOTIFICATION_ICON);
    expect(icons.map((icon) => icon.src)).toContain(NOTIFICATION_BADGE);
  });

  it('shows the generic notification for a push without a payload or with an unreadable one', () => {
    const generic = {
      title: FALLBACK_TITLE,
      options: { body: FALLBACK_BODY, icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE, data: { url: '/' } },
    };
    expect(FALLBACK_TITLE).toBe('Matchday');
    expect(FALLBACK_BODY).toBe('New match update');
    for (const payload of [
      null,
      undefined,
      '',
      'GOAL!',
      '{"title":',
      'null',
      '42',
      '"text"',
      '[1,2]',
      '{}',
      '{"title":""}',
      '{"title":7,"body":"x"}',
    ]) {
      expect([payload, alertNotification(payload, ORIGIN)]).toEqual([payload, generic]);
    }
  });

  it('never sets renotify without a tag (showNotification would throw and show nothing)', () => {
    for (const tag of [undefined, '', '   ', 7]) {
      const { title, options } = alertNotification(JSON.stringify({ ...goal, tag }), ORIGIN);
      expect(title).toBe(goal.title);
      expect([tag, options.tag, options.renotify]).toEqual([tag, undefined, undefined]);
    }
  });

  it('leaves out a bad time and an empty body, not the alert', () => {
    const { options } = alertNotification(JSON.stringify({ ...goal, at: 'yesterday', body: null }), ORIGIN);
    expect(options.timestamp).toBeUndefined();
    expect(options.body).toBe('');
    expect(options.tag).toBe('goal-901-1');
  });

  it('keeps the url to a same-origin path', () => {
    const urlOf = (url: unknown) => alertNotification(JSON.stringify({ ...goal, url }), ORIGIN).options.data.url;
    expect(urlOf('/fixtures/901?tab=events#goal-1')).toBe('/fixtures/901?tab=events#goal-1');
    expect(urlOf(`${ORIGIN}/teams/42`)).toBe('/teams/42');
    expect(urlOf('fixtures/901')).toBe('/fixtures/901');
    for (const foreign of [
      'https://evil.example/fixtures/901',
      '//evil.example/x',
      '/\\evil.example/x',
      'javascript:alert(1)',
      'http://matchday.example/x',
      7,
      null,
      '',
    ]) {
      expect([foreign, urlOf(foreign)]).toEqual([foreign, '/']);
    }
    expect(sameOriginPath('/a/../b', ORIGIN)).toBe('/b');
  });
});

describe('a tap on the notification', () => {
  const data = { url: '/fixtures/901' };
  const target = `${ORIGIN}/fixtures/901`;

  it('focuses a window already on that page', () => {
    const windows = [{ url: `${ORIGIN}/`, focused: true }, { url: target }];
    expect(clickPlan(data, windows, ORIGIN)).toEqual({ action: 'focus', index: 1, url: target });
  });

  it('navigates a window of the app there, the focused one first', () => {
    expect(clickPlan(data, [{ url: `${ORIGIN}/teams/1` }, { url: `${ORIGIN}/`, focused: true }], ORIGIN)).toEqual({
      action: 'navigate',
      index: 1,
      url: target,
    });
    expect(clickPlan(data, [{ url: `${ORIGIN}/teams/1` }, { url: `${ORIGIN}/` }], ORIGIN)).toEqual({
      action: 'navigate',
      index: 0,
      url: target,
    });
  });

  it('opens a new window when no window of the app is open', () => {
    expect(clickPlan(data, [], ORIGIN)).toEqual({ action: 'open', url: target });
    expect(clickPlan(data, [{ url: 'https://elsewhere.example/fixtures/901', focused: true }], ORIGIN)).toEqual({
      action: 'open',
      url: target,
    });
  });

  it('opens only same-origin pages, whatever the notification data says', () => {
    expect(clickPlan({ url: 'https://evil.example/x' }, [], ORIGIN)).toEqual({ action: 'open', url: `${ORIGIN}/` });
    expect(clickPlan(null, [], ORIGIN)).toEqual({ action: 'open', url: `${ORIGIN}/` });
    expect(clickPlan(undefined, [{ url: `${ORIGIN}/` }], ORIGIN)).toEqual({ action: 'focus', index: 0, url: `${ORIGIN}/` });
  });
});
