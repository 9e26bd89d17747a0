import { runService } from '@matchday/server';
import { insights } from './service';

void runService(insights).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
