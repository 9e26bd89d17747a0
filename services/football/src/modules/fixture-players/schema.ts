import { z } from 'zod';
import { idParam } from '@matchday/server';

export const fixturePlayersParams = z.object({ fixtureId: idParam });
