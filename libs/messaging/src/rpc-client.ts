import { randomUUID } from 'node:crypto';
import type { Consumer } from 'kafkajs';
import type { Histogram, Registry } from 'prom-client';
import { ApiError, replyPartitionOf, Topics, type Caller, type CommandContract, Errors } from '@platform/contracts';
import { acceptOrCreateCorrelationId, currentCorrelationId, inSpan, SpanKind, traceHeaders, type Logger } from '@platform/observability';
import { Headers, compactHeaders, readHeader } from './headers';
import type { KafkaConnection } from './kafka-connection';
import { onlyPartition } from './only-partition-assigner';
import { commandDurations, parseRpcReply } from './rpc-wire';

export interface RequestMeta {
  /** Defaults to the correlation id of the request or command being handled. */
  correlationId?: string;
  caller?: Caller;
  idempotencyKey?: string;
  timeoutMs?: number;
}

interface Pending {
  resolve: (raw: string) => void;
  timer: NodeJS.Timeout;
}

/**
 * Sends commands and waits for their replies. Replies come on its app's partition of the
 * reply topic (REPLY_PARTITIONS, ADR 0041); every instance reads that whole partition in a
 * consumer group of its own and keeps the replies it is waiting for, so a rebalance among
 * replicas can never strand a reply (see docs/adr/0002).
 */
export class RpcClient {
  private consumer?: Consumer;
  private readonly pending = new Map<string, Pending>();
  private readonly instanceId = randomUUID();
  private readonly replyPartition: number;
  /** The same, as every command's header carries it. */
  private readonly replyPartitionHeader: string;

  private readonly durations?: Histogram<'command' | 'outcome'>;

  constructor(
    private readonly connection: KafkaConnection,
    private readonly logger: Logger,
    private readonly defaultTimeoutMs = 10000,
    registry?: Registry,
  ) {
    this.durations = commandDurations(
      registry,
      'client',
      'Commands sent and their replies awaited, by command and outcome (ok, refused, timeout, unavailable)',
    );
    this.replyPartition = replyPartitionOf(connection.settings.clientId);
    this.replyPartitionHeader = String(this.replyPartition);
  }

  private get replyTopic(): string {
    return this.connection.topic(Topics.rpcReplies);
  }

  async start(): Promise<void> {
    const partitions = await this.connection.partitionCount(this.replyTopic);
    if (partitions <= this.replyPartition) {
      // Before a deployment's topics job has grown the topic: replies to a partition that does not exist would be lost.
      throw new Error(
        `${this.replyTopic} has ${partitions} partitions; ${this.connection.settings.clientId} takes its replies on partition ${this.replyPartition}. Run the topics job (npm run topics).`,
      );
    }
    const ownPartitionOnly = this.connection.settings.repliesOnOwnPartition !== false;
    const consumer = this.connection.soleConsumer(
      `rpc-replies.${this.connection.settings.clientId}.${this.instanceId}`,
      ownPartitionOnly ? [onlyPartition(this.replyPartition)] : undefined,
    );
    this.consumer = consumer;
    // A new group starts at the latest offset: requests may be sent only once the first fetch has begun.
    const fetching = new Promise<void>((resolve) => {
      const off = consumer.on(consumer.events.FETCH_START, () => {
        off();
        resolve();
      });
    });
    await consumer.connect();
    await consumer.subscribe({ topic: this.replyTopic, fromBeginning: false });
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ message }) => {
        const id = readHeader(message.headers, Headers.rpcId);
        const waiting = id ? this.pending.get(id) : undefined;
        if (!id || !waiting || !message.value) return;
        this.pending.delete(id);
        clearTimeout(waiting.timer);
        waiting.resolve(message.value.toString());
      },
    });
    await fetching;
  }

  async request<Req, Res>(contract: CommandContract<Req, Res>, payload: Req, meta: RequestMeta): Promise<Res> {
    const stop = this.durations?.startTimer({ command: contract.type });
    let outcome = 'ok';
    try {
      return await inSpan(`rpc ${contract.type}`, { kind: SpanKind.CLIENT, attributes: { 'rpc.method': contract.type } }, () =>
        this.call(contract, payload, meta, (failure) => (outcome = failure)),
      );
    } catch (error) {
      if (outcome === 'ok') outcome = 'refused';
      throw error;
    } finally {
      stop?.({ outcome });
    }
  }

  private async call<Req, Res>(
    contract: CommandContract<Req, Res>,
    payload: Req,
    meta: RequestMeta,
    failed: (outcome: 'timeout' | 'unavailable') => void,
  ): Promise<Res> {
    if (!this.consumer) throw new Error('RpcClient.start() has not run');
    const id = randomUUID();
    const timeoutMs = meta.timeoutMs ?? this.defaultTimeoutMs;
    const raw = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        failed('timeout');
        this.logger.warn({ rpc_type: contract.type, timeout_ms: timeoutMs }, 'command timed out');
        reject(new ApiError(Errors.PlatformUnavailable, 'The platform did not answer in time; repeat the request unchanged'));
      }, timeoutMs);
      this.pending.set(id, { resolve, timer });
    });
    // The timeout may fire while the send is still under way (a broker restarting): a rejection
    // nobody awaits yet would end the process. The reply is awaited below once the send is done.
    raw.catch(() => undefined);
    try {
      await this.connection.send(this.connection.topic(contract.topic), {
        key: meta.caller?.merchantCode ?? id,
        value: JSON.stringify(payload),
        headers: compactHeaders({
          ...traceHeaders(),
          [Headers.rpcId]: id,
          [Headers.rpcType]: contract.type,
          [Headers.replyTopic]: this.replyTopic,
          [Headers.replyPartition]: this.replyPartitionHeader,
          [Headers.correlationId]: meta.correlationId ?? acceptOrCreateCorrelationId(currentCorrelationId()),
          [Headers.merchantCode]: meta.caller?.merchantCode,
          [Headers.environment]: meta.caller?.environment,
          [Headers.settingsVersion]: meta.caller?.settingsVersion?.toString(),
          [Headers.idempotencyKey]: meta.idempotencyKey,
          [Headers.deadline]: String(Date.now() + timeoutMs),
        }),
      });
    } catch (error) {
      const waiting = this.pending.get(id);
      if (waiting) clearTimeout(waiting.timer);
      this.pending.delete(id);
      failed('unavailable');
      this.logger.error({ err: error, rpc_type: contract.type }, 'could not send command');
      throw new ApiError(Errors.PlatformUnavailable, 'The platform could not take the request now; repeat it unchanged');
    }
    const reply = parseRpcReply(await raw);
    if (!reply.ok) throw ApiError.fromWire(reply.error);
    return contract.reply.parse(reply.result);
  }

  async stop(): Promise<void> {
    for (const waiting of this.pending.values()) clearTimeout(waiting.timer);
    this.pending.clear();
    await this.consumer?.disconnect();
    this.consumer = undefined;
  }
}
