import { z } from 'zod';

/**
 * The operator the gateway authenticated, carried by every operator decision (`token:<name>`,
 * `admin-token`): the four-eyes rule compares it with the approver, and the owning service
 * writes it into the audit entry it announces with the change (ADR 0039).
 */
export const OperatorSchema = z.string().min(1).max(200);
