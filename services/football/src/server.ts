import { failStart, runService } from '@matchday/server';
import { football } from './service';

void runService(football).catch((error: unknown) => failStart('football', error));
