import { assertIdentifier } from './identifiers';

/**
 * The outbox (events written in the same transaction as the change that caused them)
 * and the inbox (event ids a consumer has applied, in the same transaction as the effect).
 * Every service's first migration creates both in its own schema.
 */
export function messagingTablesUp(schema: string): string[] {
  const s = assertIdentifier(schema);
  return [
    `CREATE TABLE ${s}.outbox (
       seq bigserial PRIMARY KEY,
       event_id uuid NOT NULL UNIQUE,
       topic text NOT NULL,
       message_key text NOT NULL,
       event_type text NOT NULL,
       payload jsonb NOT NULL,
       headers jsonb NOT NULL DEFAULT '{}'::jsonb,
       occurred_at timestamptz NOT NULL,
       published_at timestamptz
     )`,
    `CREATE INDEX outbox_unpublished ON ${s}.outbox (seq) WHERE published_at IS NULL`,
    `CREATE TABLE ${s}.inbox (
       consumer text NOT NULL,
       event_id uuid NOT NULL,
       processed_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (consumer, event_id)
     )`,
  ];
}

export function messagingTablesDown(schema: string): string[] {
  const s = assertIdentifier(schema);
  return [`DROP TABLE ${s}.inbox`, `DROP TABLE ${s}.outbox`];
}

/**
 * Events a consumer could not apply (malformed, or failing again and again): parked with the
 * reason, so that their partition goes on, and replayed by an operator once the cause is fixed.
 */
export function parkedEventsTableUp(schema: string): string[] {
  const s = assertIdentifier(schema);
  return [
    `CREATE TABLE ${s}.parked_events (
       id bigserial PRIMARY KEY,
       consumer text NOT NULL,
       event_id text,
       event_type text,
       topic text NOT NULL,
       partition int NOT NULL,
       message_offset text NOT NULL,
       message text,
       reason text NOT NULL,
       failures int NOT NULL,
       parked_at timestamptz NOT NULL DEFAULT now(),
       replayed_at timestamptz,
       UNIQUE (consumer, topic, partition, message_offset)
     )`,
    `CREATE INDEX parked_events_waiting ON ${s}.parked_events (parked_at) WHERE replayed_at IS NULL`,
  ];
}
