import { DEFAULT_ALERTS, type UserPreferences } from '@matchday/contracts';
import {
  applyUpdate,
  describeQuietHours,
  isClockTime,
  quietHoursProblem,
  withDeviceTimeZone,
} from '../src/features/settings/rules/preferences';

const stored: UserPreferences = {
  theme: 'dark',
  spoilerFree: false,
  spoilerScope: 'all',
  alerts: { ...DEFAULT_ALERTS },
  quietHours: { start: '22:00', end: '07:00' },
  timeZone: 'UTC',
  followPromptDismissed: false,
};

describe('optimistic preferences', () => {
  it('switches one alert and keeps every other as stored', () => {
    const next = applyUpdate(stored, { alerts: { goal: false } });
    expect(next.alerts).toEqual({ ...DEFAULT_ALERTS, goal: false });
    expect(next.quietHours).toEqual(stored.quietHours);
    expect(stored.alerts.goal).toBe(true); // the cached value is not changed in place
  });

  it('takes null as a value (quiet hours off) but ignores fields left undefined', () => {
    expect(applyUpdate(stored, { quietHours: null }).quietHours).toBeNull();
    const next = applyUpdate(stored, { spoilerFree: true, spoilerScope: undefined, alerts: { 'half-time': undefined } });
    expect(next.spoilerFree).toBe(true);
    expect(next.spoilerScope).toBe('all');
    expect(next.alerts['half-time']).toBe(false);
  });
});

describe('the device time zone goes with the first save', () => {
  it('is added while the stored zone is still the server default', () => {
    expect(withDeviceTimeZone({ alerts: { goal: false } }, stored, 'Europe/London')).toEqual({
      alerts: { goal: false },
      timeZone: 'Europe/London',
    });
  });

  it('is not added once a zone was saved, when the device is on UTC, or when none is known', () => {
    const update = { spoilerFree: true };
    expect(withDeviceTimeZone(update, { ...stored, timeZone: 'Asia/Kolkata' }, 'Europe/London')).toEqual(update);
    expect(withDeviceTimeZone(update, stored, 'UTC')).toEqual(update);
    expect(withDeviceTimeZone(update, stored, null)).toEqual(update);
    expect(withDeviceTimeZone(update, undefined, 'Europe/London')).toEqual(update);
  });

  it('never replaces a zone the user chose in this save', () => {
    expect(withDeviceTimeZone({ timeZone: 'America/New_York' }, stored, 'Europe/London')).toEqual({ timeZone: 'America/New_York' });
  });
});

describe('quiet hours', () => {
  it('accepts 24-hour HH:MM only', () => {
    expect(['00:00', '07:05', '23:59'].map(isClockTime)).toEqual([true, true, true]);
    expect(['24:00', '7:00', '07:60', '', '07:00:00'].map(isClockTime)).toEqual([false, false, false, false, false]);
  });

  it('says what is wrong with a pair, or nothing', () => {
    expect(quietHoursProblem({ start: '22:00', end: '' })).toBe('Enter a start and an end time.');
    expect(quietHoursProblem({ start: '08:00', end: '08:00' })).toBe('The start and end times must differ.');
    expect(quietHoursProblem({ start: '22:00', end: '07:00' })).toBeNull();
  });

  it('says when they run into the next morning', () => {
    expect(describeQuietHours({ start: '22:30', end: '06:45' })).toBe('No alerts from 22:30 to 06:45 the next morning.');
    expect(describeQuietHours({ start: '13:00', end: '15:00' })).toBe('No alerts from 13:00 to 15:00.');
  });
});
