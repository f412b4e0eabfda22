import { z } from 'zod';
import { ENVIRONMENTS } from '../environment';
import { Topics } from '../topics';
import { defineEvent } from './event-envelope';

const DisputeMoney = z.object({
  dispute_id: z.string().uuid(),
  merchant_code: z.string(),
  environment: z.enum(ENVIRONMENTS),
  amount: z.string(),
  currency: z.string(),
  /** `v3:<code>` when the dispute concerns an API payment: the ledger takes back what it booked. */
  payment_reference: z.string().nullable(),
});

/** A dispute was recorded: its amount leaves the balance (which may go negative). */
export const DisputeRecorded = defineEvent({ type: 'dispute.recorded', topic: Topics.disputesEvents, payload: DisputeMoney });
/** A dispute was won: its amount comes back. */
export const DisputeWon = defineEvent({ type: 'dispute.won', topic: Topics.disputesEvents, payload: DisputeMoney });
