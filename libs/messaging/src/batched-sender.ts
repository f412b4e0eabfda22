import type { Message, TopicMessages } from 'kafkajs';

interface Queued {
  topic: string;
  message: Message;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Sends messages to Kafka in batches: a message waits for the batch in flight (one produce
 * request at a time), then leaves with every message queued meanwhile in one request. Idle,
 * a message leaves on the next turn of the event loop; under load, N concurrent commands or
 * replies cost one produce request instead of N (kafkajs does not batch concurrent `send`s).
 * Order per topic is the order of `send` calls. A failed request fails every message in it.
 */
export class BatchedSender {
  private queue: Queued[] = [];
  private flushing = false;

  constructor(private readonly sendBatch: (batch: { topicMessages: TopicMessages[] }) => Promise<unknown>) {}

  send(topic: string, message: Message): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ topic, message, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      const byTopic = new Map<string, Message[]>();
      for (const { topic, message } of batch) {
        const messages = byTopic.get(topic);
        if (messages) messages.push(message);
        else byTopic.set(topic, [message]);
      }
      try {
        await this.sendBatch({ topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
        for (const queued of batch) queued.resolve();
      } catch (error) {
        for (const queued of batch) queued.reject(error);
      }
    }
    this.flushing = false;
  }
}
