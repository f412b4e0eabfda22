import type { Message, TopicMessages } from 'kafkajs';
import { GroupedWrites } from '@platform/persistence';

interface Queued {
  topic: string;
  message: Message;
}

/**
 * Sends messages to Kafka in batches: a message waits for the batch in flight (one produce
 * request at a time), then leaves with every message queued meanwhile in one request. Idle,
 * a message leaves on the next turn of the event loop; under load, N concurrent commands or
 * replies cost one produce request instead of N (kafkajs does not batch concurrent `send`s).
 * Order per topic is the order of `send` calls. A failed request fails every message in it.
 */
export class BatchedSender {
  private readonly writes: GroupedWrites<Queued>;

  constructor(sendBatch: (batch: { topicMessages: TopicMessages[] }) => Promise<unknown>) {
    this.writes = new GroupedWrites((batch) => sendBatch({ topicMessages: byTopic(batch) }));
  }

  send(topic: string, message: Message): Promise<void> {
    return this.writes.add({ topic, message });
  }
}

function byTopic(batch: Queued[]): TopicMessages[] {
  const messagesOf = new Map<string, Message[]>();
  for (const { topic, message } of batch) {
    const messages = messagesOf.get(topic);
    if (messages) messages.push(message);
    else messagesOf.set(topic, [message]);
  }
  return [...messagesOf].map(([topic, messages]) => ({ topic, messages }));
}
