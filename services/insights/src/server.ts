import { failStart, runService } from '@matchday/server';
import { insights } from './service';

void runService(insights).catch((error: unknown) => failStart('insights', error));
