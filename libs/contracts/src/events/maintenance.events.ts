import { z } from 'zod';
import { MAINTAINABLE_SERVICES } from '../commands/status.commands';
import { Topics } from '../topics';
import { defineEvent } from './event-envelope';

/**
 * Whether a service is in maintenance, on the compacted topic keyed by service: every
 * service keeps the latest state and refuses new operations of a service in maintenance.
 */
export const MaintenanceChanged = defineEvent({
  type: 'status.maintenance.changed',
  topic: Topics.maintenance,
  payload: z.object({ service: z.enum(MAINTAINABLE_SERVICES), active: z.boolean(), until: z.string().nullable(), note: z.string().nullable() }),
});
