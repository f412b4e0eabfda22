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

/**
 * Parked events keyed by the message as well as its position. A topic made again (a new broker
 * or cluster) starts its offsets at 0, so a position alone no longer names one message: keyed by
 * it, a new message at a position parked before was dropped without a trace. The same message
 * delivered again at its position (its offset not committed yet) is still parked once.
 */
export function parkedEventsKeyedByMessageUp(schema: string): string[] {
  const s = assertIdentifier(schema);
  return [
    `ALTER TABLE ${s}.parked_events DROP CONSTRAINT parked_events_consumer_topic_partition_message_offset_key`,
    `CREATE UNIQUE INDEX parked_events_message_at_position ON ${s}.parked_events (consumer, topic, partition, message_offset, md5(coalesce(message, '')))`,
  ];
}

export function parkedEventsKeyedByMessageDown(schema: string): string[] {
  const s = assertIdentifier(schema);
  return [
    `DROP INDEX ${s}.parked_events_message_at_position`,
    `ALTER TABLE ${s}.parked_events ADD CONSTRAINT parked_events_consumer_topic_partition_message_offset_key UNIQUE (consumer, topic, partition, message_offset)`,
  ];
}
