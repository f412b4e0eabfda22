import { Injectable, type OnModuleInit } from '@nestjs/common';
import { OperatorActionRecorded, PanelInvitationRecorded } from '@platform/contracts';
import { EventConsumer } from '@platform/messaging';
import { AuditRepository } from './audit.repository';

/**
 * Keeps in the audit log the operators' changes other services made and announced with the
 * change itself (ADR 0039): once per event (the inbox), at the time the change happened.
 */
@Injectable()
export class OperatorActionIntake implements OnModuleInit {
  constructor(
    private readonly events: EventConsumer,
    private readonly audit: AuditRepository,
  ) {}

  onModuleInit(): void {
    this.events.on(OperatorActionRecorded, (event, tx) =>
      this.audit.append(tx, {
        actor: event.payload.actor,
        action: event.payload.action,
        target: event.payload.target,
        correlationId: event.payload.correlation_id,
        before: event.payload.before,
        after: event.payload.after,
        occurredAt: event.occurredAt,
      }),
    );
    // The panel's own topic: it can announce invitations and nothing else.
    this.events.on(PanelInvitationRecorded, (event, tx) =>
      this.audit.append(tx, {
        actor: event.payload.actor,
        action: 'merchant_user.invite',
        target: event.payload.merchant_code,
        correlationId: event.payload.correlation_id,
        before: null,
        after: event.payload.user,
        occurredAt: event.occurredAt,
      }),
    );
  }
}
