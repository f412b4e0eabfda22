/**
 * Every Kafka topic of the platform, versioned. A deployment may put a prefix in
 * front of all of them (KAFKA_TOPIC_PREFIX) so that several stacks can share a broker.
 */
export const Topics = {
  /** Request-reply commands, one topic per owning service. */
  ordersCommands: 'orders.commands.v1',
  statusCommands: 'status.commands.v1',
  paymentsCommands: 'payments.commands.v1',
  ledgerCommands: 'ledger.commands.v1',
  webhooksCommands: 'webhooks.commands.v1',
  payoutsCommands: 'payouts.commands.v1',
  disputesCommands: 'disputes.commands.v1',
  /** The merchant panel's calls to the gateway (merchants, API keys, settings). */
  gatewayCommands: 'gateway.commands.v1',
  /** Calls to the merchant panel (an operator's invitation). */
  panelCommands: 'panel.commands.v1',
  /**
   * Operators' commands, one topic per owning service, beside its commands topic and served by
   * the same group. Only the gateway's operator API and the operator console may write them
   * (docs/kafka-acls.md), and a service takes an operator command from no other topic: a
   * principal that may write a service's commands topic (the panel, checkout) cannot name an
   * operator or list every merchant's data.
   */
  paymentsOperatorCommands: 'payments.operator-commands.v1',
  ordersOperatorCommands: 'orders.operator-commands.v1',
  ledgerOperatorCommands: 'ledger.operator-commands.v1',
  payoutsOperatorCommands: 'payouts.operator-commands.v1',
  disputesOperatorCommands: 'disputes.operator-commands.v1',
  gatewayOperatorCommands: 'gateway.operator-commands.v1',
  /**
   * Holds on a wallet's funds by the services that move money out (refunds, withdrawals):
   * reserve, confirm, release, consume, and the unconfirmed ones after a restart. Only payments-v3
   * and payouts may write it; the merchant-facing apps that read balances never can.
   */
  ledgerReservations: 'ledger.reservations.v1',
  /**
   * Replies to every request-reply command, each on its calling app's partition
   * (REPLY_PARTITIONS); each client instance reads its app's partition whole and keeps its own.
   */
  rpcReplies: 'rpc.replies.v1',
  /** Domain events written through the outbox. */
  paymentsEvents: 'payments.events.v1',
  ordersEvents: 'orders.events.v1',
  disputesEvents: 'disputes.events.v1',
  /** Operators' changes, written by the service that made each one, kept by the gateway's audit log. */
  operatorActions: 'operator.actions.v1',
  /** Operators' invitations of merchant users, written by the panel with the user, kept by the gateway's audit log. */
  panelInvitations: 'panel.invitations.v1',
  /** Signed copies of sandbox webhooks for `card-platform listen` sessions; kept an hour. */
  sandboxWebhooks: 'webhooks.sandbox-copies.v1',
  /** Reference data, log-compacted, keyed by owner. */
  merchantSettings: 'gateway.merchant-settings.v1',
  maintenance: 'status.maintenance.v1',
  fxRates: 'payments.fx-rates.v1',
} as const;

export type TopicName = (typeof Topics)[keyof typeof Topics];

/**
 * The partition of `rpc.replies.v1` that carries the replies to each app that sends commands.
 * An instance then fetches and decodes its own app's replies, not every reply on the platform
 * (ADR 0041). Tools, tests and any other client share partition 0.
 */
export const REPLY_PARTITIONS: Readonly<Record<string, number>> = {
  gateway: 1,
  checkout: 2,
  'payments-v3': 3,
  payouts: 4,
  disputes: 5,
  panel: 6,
  console: 7,
};

/** Partition 0 and one for each app. */
export const REPLY_PARTITION_COUNT = 1 + Math.max(0, ...Object.values(REPLY_PARTITIONS));

export function replyPartitionOf(clientId: string): number {
  return REPLY_PARTITIONS[clientId] ?? 0;
}

/** What a topic carries, which decides its retention and how its partitions scale. */
export type TopicKind = 'commands' | 'replies' | 'events' | 'reference';

export interface TopicSpec {
  name: TopicName;
  kind: TopicKind;
  /** Partitions unless the deployment asks for more (a consumer group uses at most one replica per partition). */
  partitions: number;
  compacted?: boolean;
  /** Topic-level settings the platform keeps in force, applied at creation and to an existing topic. */
  config?: Readonly<Record<string, string>>;
}

/**
 * Command topics that carry sealed card data keep it for minutes, not the broker's default
 * 7 days: a command is answered within seconds (PCI DSS 3.2.1, keep no card data longer than
 * needed). Retention applies to closed segments, so segments roll every minute too.
 */
export const CARD_DATA_TOPIC_CONFIG = { 'retention.ms': String(10 * 60_000), 'segment.ms': String(60_000) } as const;

export const TOPIC_SPECS: readonly TopicSpec[] = [
  { name: Topics.ordersCommands, kind: 'commands', partitions: 3, config: CARD_DATA_TOPIC_CONFIG },
  { name: Topics.statusCommands, kind: 'commands', partitions: 3 },
  { name: Topics.paymentsCommands, kind: 'commands', partitions: 3, config: CARD_DATA_TOPIC_CONFIG },
  { name: Topics.ledgerCommands, kind: 'commands', partitions: 3 },
  { name: Topics.webhooksCommands, kind: 'commands', partitions: 3 },
  { name: Topics.payoutsCommands, kind: 'commands', partitions: 3 },
  { name: Topics.disputesCommands, kind: 'commands', partitions: 3 },
  { name: Topics.gatewayCommands, kind: 'commands', partitions: 3 },
  { name: Topics.panelCommands, kind: 'commands', partitions: 3 },
  { name: Topics.paymentsOperatorCommands, kind: 'commands', partitions: 1 },
  { name: Topics.ordersOperatorCommands, kind: 'commands', partitions: 1 },
  { name: Topics.ledgerOperatorCommands, kind: 'commands', partitions: 1 },
  { name: Topics.payoutsOperatorCommands, kind: 'commands', partitions: 1 },
  { name: Topics.disputesOperatorCommands, kind: 'commands', partitions: 1 },
  { name: Topics.gatewayOperatorCommands, kind: 'commands', partitions: 1 },
  { name: Topics.ledgerReservations, kind: 'commands', partitions: 3 },
  { name: Topics.rpcReplies, kind: 'replies', partitions: REPLY_PARTITION_COUNT },
  { name: Topics.paymentsEvents, kind: 'events', partitions: 3 },
  { name: Topics.ordersEvents, kind: 'events', partitions: 3 },
  { name: Topics.disputesEvents, kind: 'events', partitions: 3 },
  { name: Topics.operatorActions, kind: 'events', partitions: 3 },
  { name: Topics.panelInvitations, kind: 'events', partitions: 1 },
  { name: Topics.sandboxWebhooks, kind: 'events', partitions: 3, config: { 'retention.ms': String(3600_000), 'segment.ms': String(600_000) } },
  { name: Topics.merchantSettings, kind: 'reference', partitions: 1, compacted: true },
  { name: Topics.maintenance, kind: 'reference', partitions: 1, compacted: true },
  { name: Topics.fxRates, kind: 'reference', partitions: 1, compacted: true },
];
