import { failStart, runService } from '@matchday/server';
import { footballEnvSchema } from './config';
import { football } from './service';

void runService(footballEnvSchema, () => football).catch((error: unknown) => failStart('football', error));
