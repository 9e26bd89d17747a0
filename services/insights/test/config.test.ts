import { ConfigError, readEnv } from '@matchday/server';
import { insightsEnvSchema, insightsOptions } from '../src/config';

const SECRET = 'a'.repeat(24) + 'b'.repeat(24);

describe('insights configuration', () => {
  it('backfills the season by default (in a process of its own) and not with TIPS_BACKFILL=off', () => {
    expect(insightsOptions(readEnv(insightsEnvSchema, { INTERNAL_JWT_SECRET: SECRET })).backfill).toBe('process');
    expect(insightsOptions(readEnv(insightsEnvSchema, { INTERNAL_JWT_SECRET: SECRET, TIPS_BACKFILL: 'on' })).backfill).toBe('process');
    expect(insightsOptions(readEnv(insightsEnvSchema, { INTERNAL_JWT_SECRET: SECRET, TIPS_BACKFILL: 'off' })).backfill).toBe(false);
  });

  it('refuses another value of TIPS_BACKFILL with a line saying what it takes', () => {
    expect(() => readEnv(insightsEnvSchema, { INTERNAL_JWT_SECRET: SECRET, TIPS_BACKFILL: 'no' })).toThrow(ConfigError);
    expect(() => readEnv(insightsEnvSchema, { INTERNAL_JWT_SECRET: SECRET, TIPS_BACKFILL: 'no' })).toThrow(
      'TIPS_BACKFILL: must be on or off',
    );
  });
});
