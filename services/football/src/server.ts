import { runService } from '@matchday/server';
import { football } from './service';

void runService(football).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
