import type { Histogram, Registry } from 'prom-client';
import type { Consumer, KafkaMessage } from 'kafkajs';
import { ZodError } from 'zod';
import { ApiError, isEnvironment, REPLY_PARTITION_COUNT, type Caller, type CommandContract, Errors } from '@platform/contracts';
import { acceptOrCreateCorrelationId, inSpan, runWithContext, SpanKind, traceHeaders, type Logger } from '@platform/observability';
import { Headers, readHeader, traceCarrier } from './headers';
import type { KafkaConnection } from './kafka-connection';
import { commandDurations, type RpcReply } from './rpc-wire';
import { reportConsumerLag } from './consumer-lag-metric';

export interface CommandContext {
  correlationId: string;
  caller?: Caller;
  idempotencyKey?: string;
}

/** The merchant and environment a command acts for; a command without one is refused (0055502). */
export function callerOf(context: CommandContext): Caller {
  if (!context.caller) throw new ApiError(Errors.AuthCredentialsInvalid);
  return context.caller;
}

const BATCH_CONCURRENCY = 64;

/**
 * The partition a caller takes its replies on (ADR 0041). A caller that names none (one of a
 * release before it, which reads the partitions it knew at start) or one no app has gets them on
 * partition 0, which every topic has: kafkajs drops a message for a partition its metadata lacks.
 */
function partitionOf(header: string | undefined): number {
  const partition = Number(header);
  return header !== undefined && Number.isSafeInteger(partition) && partition >= 0 && partition < REPLY_PARTITION_COUNT ? partition : 0;
}

type Handler = (request: unknown, context: CommandContext) => Promise<unknown>;

interface Registration {
  contract: CommandContract<unknown, unknown>;
  /** The contract's topic with this deployment's prefix: the only one the command is taken from. */
  topic: string;
  handler: Handler;
}

/** Answers commands of the contracts registered with it, one consumer group per service. */
export class RpcServer {
  private readonly registrations = new Map<string, Registration>();
  private consumer?: Consumer;

  private readonly durations?: Histogram<'command' | 'outcome'>;

  constructor(
    private readonly connection: KafkaConnection,
    private readonly groupName: string,
    private readonly logger: Logger,
    registry?: Registry,
  ) {
    this.durations = commandDurations(registry, 'server', 'Commands handled, by command and outcome (ok, refused with an API error, failed)');
    if (registry) reportConsumerLag(registry, connection, logger, { consumer: groupName, topics: () => this.topics });
  }

  private topics: string[] = [];

  handle<Req, Res>(contract: CommandContract<Req, Res>, handler: (request: Req, context: CommandContext) => Promise<Res>): void {
    if (this.consumer) throw new Error('register handlers before start()');
    this.registrations.set(contract.type, {
      contract: contract as CommandContract<unknown, unknown>,
      topic: this.connection.topic(contract.topic),
      handler: handler as Handler,
    });
  }

  async start(): Promise<void> {
    if (this.registrations.size === 0) return;
    const topics = [...new Set([...this.registrations.values()].map((r) => r.topic))];
    this.topics = topics;
    const consumer = this.connection.consumer(this.groupName);
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: false });
    await consumer.run({
      partitionsConsumedConcurrently: 3,
      eachBatchAutoResolve: false,
      // Commands are independent of each other: answer a whole fetched batch concurrently
      // instead of one message after another, then move the offset past it.
      eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
        for (let start = 0; start < batch.messages.length; start += BATCH_CONCURRENCY) {
          if (!isRunning() || isStale()) return;
          const slice = batch.messages.slice(start, start + BATCH_CONCURRENCY);
          await Promise.all(slice.map((message) => this.answer(batch.topic, message)));
          resolveOffset(slice[slice.length - 1]!.offset);
          await heartbeat();
        }
      },
    });
  }

  private async answer(topic: string, message: KafkaMessage): Promise<void> {
    const replyTopic = readHeader(message.headers, Headers.replyTopic);
    const replyPartition = partitionOf(readHeader(message.headers, Headers.replyPartition));
    const rpcId = readHeader(message.headers, Headers.rpcId);
    const type = readHeader(message.headers, Headers.rpcType) ?? '';
    const deadline = Number(readHeader(message.headers, Headers.deadline) ?? Infinity);
    const context = this.contextOf(message);
    if (!replyTopic || !rpcId) {
      this.logger.warn({ rpc_type: type }, 'command without reply address dropped');
      return;
    }
    if (Date.now() > deadline) {
      // The caller has given up and answered its client already; doing the work now would surprise it.
      this.logger.warn({ rpc_type: type, correlation_id: context.correlationId }, 'command past its deadline skipped');
      return;
    }
    // The reply leaves inside the handler's span and carries it: a reply on the topic names the work that made it.
    await inSpan(`handle ${type}`, { kind: SpanKind.SERVER, parentHeaders: traceCarrier(message.headers), attributes: { 'rpc.method': type } }, async () => {
      const reply = await runWithContext(
        { correlationId: context.correlationId, merchantCode: context.caller?.merchantCode, environment: context.caller?.environment },
        () => this.execute(type, topic, message, context),
      );
      try {
        await this.connection.send(replyTopic, {
          partition: replyPartition,
          key: rpcId,
          value: JSON.stringify(reply),
          headers: { [Headers.rpcId]: rpcId, [Headers.correlationId]: context.correlationId, ...traceHeaders() },
        });
      } catch (error) {
        // The caller times out with 1000009 and may retry; commands are idempotent by design.
        this.logger.error({ err: error, rpc_type: type, correlation_id: context.correlationId }, 'could not send reply');
      }
    });
  }

  private async execute(type: string, topic: string, message: KafkaMessage, context: CommandContext): Promise<RpcReply> {
    const registration = this.registrations.get(type);
    if (registration && registration.topic !== topic) {
      // Who may write a topic is the broker's ACL (docs/kafka-acls.md): an operator's command
      // arriving on the topic merchants' apps write was not sent by the operator API or console.
      this.durations?.startTimer({ command: type })({ outcome: 'refused' });
      this.logger.warn({ rpc_type: type, topic, correlation_id: context.correlationId }, 'command refused: it came on a topic its contract does not name');
      return { ok: false, error: new ApiError(Errors.AuthCredentialsInvalid, 'This command is not taken on this topic').toWire() };
    }
    // Unknown types are counted under one label: a sender cannot grow the series.
    const stop = this.durations?.startTimer({ command: registration ? type : 'unknown' });
    try {
      if (!registration) throw new Error(`no handler for command type ${JSON.stringify(type)}`);
      const request = registration.contract.request.parse(JSON.parse(message.value?.toString() ?? 'null'));
      const result = await registration.handler(request, context);
      stop?.({ outcome: 'ok' });
      return { ok: true, result };
    } catch (error) {
      stop?.({ outcome: error instanceof ApiError ? 'refused' : 'failed' });
      if (error instanceof ApiError) return { ok: false, error: error.toWire() };
      const invalid = error instanceof ZodError || error instanceof SyntaxError;
      this.logger.error({ err: error, rpc_type: type }, invalid ? 'malformed command' : 'command handler failed');
      return { ok: false, error: new ApiError(Errors.PlatformInternalError).toWire() };
    }
  }

  private contextOf(message: KafkaMessage): CommandContext {
    const merchantCode = readHeader(message.headers, Headers.merchantCode);
    const environment = readHeader(message.headers, Headers.environment);
    const settingsVersion = Number(readHeader(message.headers, Headers.settingsVersion));
    return {
      correlationId: acceptOrCreateCorrelationId(readHeader(message.headers, Headers.correlationId)),
      caller:
        merchantCode && isEnvironment(environment)
          ? { merchantCode, environment, ...(Number.isSafeInteger(settingsVersion) ? { settingsVersion } : {}) }
          : undefined,
      idempotencyKey: readHeader(message.headers, Headers.idempotencyKey),
    };
  }

  /** Stops fetching and waits for the commands in hand to finish. */
  async stop(): Promise<void> {
    await this.consumer?.disconnect();
    this.consumer = undefined;
  }
}
