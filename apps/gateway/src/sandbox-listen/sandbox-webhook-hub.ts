import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Consumer } from 'kafkajs';
import { EventEnvelopeSchema, SandboxWebhookCopyV1, Topics, type SandboxWebhookCopy } from '@platform/contracts';
import type { Logger } from '@platform/observability';
import { KafkaConnection } from '@platform/messaging';
import { LOGGER } from '@platform/service-kit';

export interface Listener {
  deliver(copy: SandboxWebhookCopy): void;
  /** The gateway is stopping: end the stream. */
  end(): void;
}

/** Without listeners for this long, the consumer leaves the broker. */
const IDLE_STOP_MS = 60_000;

/**
 * Fans the sandbox webhook copies out to this process's open `listen` streams, by merchant.
 * The Kafka consumer exists only while someone listens (its own group, from the newest
 * message on), so an idle gateway polls nothing; `subscribe` resolves once the group has
 * joined, so every copy written after that reaches the listener.
 */
@Injectable()
export class SandboxWebhookHub implements OnApplicationShutdown {
  private readonly listeners = new Map<string, Set<Listener>>();
  private consumer?: Promise<Consumer>;
  private idleTimer?: NodeJS.Timeout;

  constructor(
    private readonly kafka: KafkaConnection,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async subscribe(merchantCode: string, listener: Listener): Promise<() => void> {
    clearTimeout(this.idleTimer);
    await (this.consumer ??= this.start().catch((error: unknown) => {
      this.consumer = undefined;
      throw error;
    }));
    let set = this.listeners.get(merchantCode);
    if (!set) this.listeners.set(merchantCode, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(merchantCode);
      if (this.listeners.size === 0) this.idleTimer = setTimeout(() => void this.stop(), IDLE_STOP_MS).unref();
    };
  }

  async onApplicationShutdown(): Promise<void> {
    clearTimeout(this.idleTimer);
    for (const set of this.listeners.values()) for (const listener of set) listener.end();
    this.listeners.clear();
    await this.stop();
  }

  private async start(): Promise<Consumer> {
    const consumer = this.kafka.soleConsumer(`listen.gateway.${randomUUID()}`);
    const joined = new Promise<void>((resolve) => {
      const off = consumer.on(consumer.events.GROUP_JOIN, () => (off(), resolve()));
    });
    await consumer.connect();
    await consumer.subscribe({ topic: this.kafka.topic(Topics.sandboxWebhooks), fromBeginning: false });
    await consumer.run({ eachMessage: async ({ message }) => this.fanOut(message.value?.toString('utf8')) });
    await joined;
    return consumer;
  }

  private async stop(): Promise<void> {
    const consumer = this.consumer;
    this.consumer = undefined;
    await (await consumer?.catch(() => undefined))?.disconnect();
  }

  private fanOut(text: string | undefined): void {
    let copy: SandboxWebhookCopy;
    try {
      const envelope = EventEnvelopeSchema.parse(JSON.parse(text ?? ''));
      copy = SandboxWebhookCopyV1.payload.parse(envelope.payload);
    } catch (error) {
      this.logger.warn({ err: error }, 'unreadable sandbox webhook copy skipped');
      return;
    }
    for (const listener of this.listeners.get(copy.merchant_code) ?? []) listener.deliver(copy);
  }
}
