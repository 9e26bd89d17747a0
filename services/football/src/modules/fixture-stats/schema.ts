import { z } from 'zod';
import { idParam } from '@matchday/server';

export const fixtureParams = z.object({ fixtureId: idParam });
