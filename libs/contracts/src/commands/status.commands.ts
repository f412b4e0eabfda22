import { z } from 'zod';
import { text } from '../text';
import { Topics } from '../topics';
import { defineCommand } from './command-contract';
import { OperatorSchema } from './operator';

export const MAINTAINABLE_SERVICES = ['api_collection', 'withdrawals', 'link_collection', 'storefront', 'usdt_sales', 'balance_load'] as const;
export type MaintainableService = (typeof MAINTAINABLE_SERVICES)[number];

export const ServiceStatusItemSchema = z.object({
  service: z.enum(MAINTAINABLE_SERVICES),
  until: z.string().nullable(),
  note: z.string().nullable(),
});
export type ServiceStatusItem = z.infer<typeof ServiceStatusItemSchema>;

/** A service in maintenance as the public status lists it: an estimated return time that has passed reads as null. */
export function serviceStatusItem(service: MaintainableService, until: Date | null, note: string | null, now: Date): ServiceStatusItem {
  return { service, until: until && until.getTime() > now.getTime() ? until.toISOString() : null, note };
}

export const GetServiceStatus = defineCommand({
  type: 'status.get-service-status',
  topic: Topics.statusCommands,
  request: z.object({}).strict(),
  reply: z.array(ServiceStatusItemSchema),
});

/** The operator puts a service in maintenance (replacing an earlier `until` and `note`). */
export const SetMaintenance = defineCommand({
  type: 'status.set-maintenance',
  topic: Topics.statusCommands,
  request: z.object({
    service: z.enum(MAINTAINABLE_SERVICES),
    until: z.string().datetime().nullable(),
    note: text({ max: 240 }).nullable(),
    operator: OperatorSchema,
  }),
  reply: z.object({ before: ServiceStatusItemSchema.nullable(), after: ServiceStatusItemSchema }),
});

/** The operator ends a service's maintenance. */
export const ClearMaintenance = defineCommand({
  type: 'status.clear-maintenance',
  topic: Topics.statusCommands,
  request: z.object({ service: z.enum(MAINTAINABLE_SERVICES), operator: OperatorSchema }),
  reply: z.object({ before: ServiceStatusItemSchema.nullable() }),
});
