/**
 * npm run import -- <source> <path|options>: imports real football data into the football database
 * (DATA_DIR, or FOOTBALL_DATABASE_URL / DATABASE_URL). See services/football/src/importers.
 */
import { importCli } from '@matchday/football/importers';

void importCli(process.argv.slice(2)).then((code) => process.exit(code));
