import type { TopicName } from '@platform/contracts';
import { Headers } from './headers';
import type { KafkaConnection } from './kafka-connection';

export interface OutboxRecord {
  seq: string;
  event_id: string;
  topic: TopicName;
  message_key: string;
  event_type: string;
  payload: unknown;
  headers: Record<string, string>;
  occurred_at: Date;
}

/** Where the relay hands events over; Kafka in the platform, anything in a test. */
export interface EventPublisher {
  publish(records: OutboxRecord[]): Promise<void>;
}

/** Sends a relay batch as one Kafka request per call, envelope in the value, ids in headers. */
export class KafkaEventPublisher implements EventPublisher {
  constructor(private readonly connection: KafkaConnection) {}

  async publish(records: OutboxRecord[]): Promise<void> {
    const byTopic = new Map<string, OutboxRecord[]>();
    for (const record of records) {
      const topic = this.connection.topic(record.topic);
      byTopic.set(topic, [...(byTopic.get(topic) ?? []), record]);
    }
    const producer = await this.connection.producer();
    await producer.sendBatch({
      topicMessages: [...byTopic].map(([topic, batch]) => ({
        topic,
        messages: batch.map((record) => ({
          key: record.message_key,
          value: JSON.stringify({
            event_id: record.event_id,
            event_type: record.event_type,
            occurred_at: new Date(record.occurred_at).toISOString(),
            payload: record.payload,
          }),
          headers: { ...record.headers, [Headers.eventId]: record.event_id, [Headers.eventType]: record.event_type },
        })),
      })),
    });
  }
}
