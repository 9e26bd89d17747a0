import { failStart, runService } from '@matchday/server';
import { insightsEnvSchema, insightsOptions } from './config';
import { createInsights } from './service';

void runService(insightsEnvSchema, (env) => createInsights(insightsOptions(env))).catch((error: unknown) => failStart('insights', error));
