import { requireEnv, type ServiceDefinition } from '@matchday/server';
import { migrations } from './db/migrations';
import { footballUrlFromEnvironment, httpFootballClient, type FootballClient } from './lib/football-client';
import { Dream11Engine } from './modules/dream11/engine';
import { dream11Router } from './modules/dream11/router';
import { statusRouter } from './modules/status/router';
import { TipsEngine } from './modules/tips/engine';
import { tipsRouter } from './modules/tips/router';

export interface InsightsOptions {
  /** The football service's internal reads (default: FOOTBALL_URL or the address its process published). */
  football?: FootballClient;
  /** Clock (tests). */
  now?: () => Date;
}

export function createInsights(options: InsightsOptions = {}): ServiceDefinition {
  return {
    name: 'insights',
    migrations,
    routers: (db) => {
      const football = options.football ?? httpFootballClient(footballUrlFromEnvironment(), () => requireEnv('INTERNAL_JWT_SECRET'));
      const tips = new TipsEngine(db, football, options.now);
      const dream11 = new Dream11Engine(football, tips, options.now);
      return [statusRouter(db), tipsRouter(tips), dream11Router(dream11)];
    },
  };
}

export const insights: ServiceDefinition = createInsights();
