import { z } from 'zod';
import { idParam } from '@matchday/server';

export const lineupsParams = z.object({ fixtureId: idParam });
