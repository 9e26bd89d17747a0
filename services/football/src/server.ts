import { publishServiceAddress, runService } from '@matchday/server';
import { football } from './service';

// Insights reads the model feed from here; under `npm start` it finds this address through this file.
publishServiceAddress('football');
void runService(football).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
