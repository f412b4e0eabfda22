import { AclOperationTypes, AclPermissionTypes, AclResourceTypes, ResourcePatternTypes, type AclEntry } from 'kafkajs';
import { Topics, type TopicName } from '@platform/contracts';

/**
 * What each process of the platform does on Kafka, as docs/kafka-acls.md lists it for the
 * operators of a managed cluster: the topics it writes and reads, whether it serves a
 * commands topic or consumes events (one group each) and whether it sends commands or reads
 * reference data (a group per process, under a prefix). Kept in code so that a spec grants
 * exactly these ACLs on a broker that enforces them and runs the platform's paths.
 */
export interface KafkaAccess {
  write: TopicName[];
  read: TopicName[];
  /** Group names (before KAFKA_TOPIC_PREFIX) it consumes with: `<app>.commands`, `<app>.events`. */
  groups: string[];
  /** Group name prefixes of per-process groups: `rpc-replies.<app>.`, `reference.<app>.`. */
  groupPrefixes: string[];
}

const replies = Topics.rpcReplies;
const reference = { settings: Topics.merchantSettings, maintenance: Topics.maintenance, rates: Topics.fxRates };

/**
 * The service `app` answers its commands topic, and those it `alsoServes`, in one group; `rpc` sends commands and reads replies; `reads`
 * are the compacted reference topics; `listens` are topics every process reads whole in a group
 * of its own (`listen.<app>.<instance>`), from the newest message on.
 */
function service(
  app: string,
  own: {
    commands?: TopicName;
    /** Further commands topics the service answers in the same group: its operator commands, the ledger's reservations. */
    alsoServes?: TopicName[];
    events?: TopicName[];
    consumes?: TopicName[];
    sends?: TopicName[];
    publishes?: TopicName[];
    reads?: TopicName[];
    listens?: TopicName[];
  },
): KafkaAccess {
  const rpc = (own.sends ?? []).length > 0;
  return {
    write: [...(own.commands ? [replies] : []), ...(own.sends ?? []), ...(own.publishes ?? [])],
    read: [
      ...(own.commands ? [own.commands] : []),
      ...(own.alsoServes ?? []),
      ...(rpc ? [replies] : []),
      ...(own.consumes ?? []),
      ...(own.reads ?? []),
      ...(own.listens ?? []),
    ],
    groups: [...(own.commands ? [`${app}.commands`] : []), ...((own.consumes ?? []).length > 0 ? [`${app}.events`] : [])],
    groupPrefixes: [
      ...(rpc ? [`rpc-replies.${app}.`] : []),
      ...((own.reads ?? []).length > 0 ? [`reference.${app}.`] : []),
      ...((own.listens ?? []).length > 0 ? [`listen.${app}.`] : []),
    ],
  };
}

/**
 * The operator commands topics (Topics.*OperatorCommands): written by the gateway's operator API
 * and the operator console only, so that no other principal can send a decision in an operator's
 * name or list every merchant's data (ADR 0039).
 */
const operatorTopics = {
  payments: Topics.paymentsOperatorCommands,
  orders: Topics.ordersOperatorCommands,
  ledger: Topics.ledgerOperatorCommands,
  payouts: Topics.payoutsOperatorCommands,
  disputes: Topics.disputesOperatorCommands,
  gateway: Topics.gatewayOperatorCommands,
};

export const KAFKA_ACCESS: Record<string, KafkaAccess> = {
  gateway: service('gateway', {
    commands: Topics.gatewayCommands,
    alsoServes: [operatorTopics.gateway],
    sends: [
      Topics.paymentsCommands,
      Topics.ordersCommands,
      Topics.ledgerCommands,
      Topics.payoutsCommands,
      Topics.disputesCommands,
      Topics.webhooksCommands,
      Topics.statusCommands,
      Topics.panelCommands,
      operatorTopics.payments,
      operatorTopics.orders,
      operatorTopics.ledger,
      operatorTopics.payouts,
      operatorTopics.disputes,
    ],
    publishes: [reference.settings],
    consumes: [Topics.operatorActions, Topics.panelInvitations],
    reads: [reference.maintenance],
    listens: [Topics.sandboxWebhooks],
  }),
  checkout: service('checkout', { sends: [Topics.paymentsCommands, Topics.ordersCommands] }),
  'payments-v3': service('payments-v3', {
    commands: Topics.paymentsCommands,
    alsoServes: [operatorTopics.payments],
    sends: [Topics.ledgerReservations],
    publishes: [Topics.paymentsEvents, reference.rates, Topics.operatorActions],
    reads: [reference.settings, reference.maintenance],
  }),
  'orders-v4': service('orders-v4', {
    commands: Topics.ordersCommands,
    alsoServes: [operatorTopics.orders],
    publishes: [Topics.ordersEvents, Topics.operatorActions],
    reads: [reference.settings, reference.maintenance],
  }),
  ledger: service('ledger', {
    commands: Topics.ledgerCommands,
    alsoServes: [operatorTopics.ledger, Topics.ledgerReservations],
    publishes: [Topics.operatorActions],
    consumes: [Topics.paymentsEvents, Topics.ordersEvents, Topics.disputesEvents, reference.rates],
    reads: [reference.maintenance],
  }),
  payouts: service('payouts', {
    commands: Topics.payoutsCommands,
    alsoServes: [operatorTopics.payouts],
    sends: [Topics.ledgerCommands, Topics.ledgerReservations],
    publishes: [Topics.operatorActions],
    reads: [reference.settings, reference.maintenance, reference.rates],
  }),
  disputes: service('disputes', {
    commands: Topics.disputesCommands,
    alsoServes: [operatorTopics.disputes],
    sends: [Topics.paymentsCommands],
    publishes: [Topics.disputesEvents, Topics.operatorActions],
    reads: [reference.settings, reference.maintenance],
  }),
  'webhook-dispatcher': service('webhook-dispatcher', {
    commands: Topics.webhooksCommands,
    publishes: [Topics.sandboxWebhooks],
    consumes: [Topics.paymentsEvents, Topics.ordersEvents],
    reads: [reference.settings, reference.maintenance],
  }),
  status: service('status', { commands: Topics.statusCommands, publishes: [reference.maintenance, Topics.operatorActions] }),
  panel: service('panel', {
    commands: Topics.panelCommands,
    // An operator's invitation of a merchant user, announced from the transaction that makes the
    // user on a topic of the panel's own (never operator.actions.v1, which names any change).
    publishes: [Topics.panelInvitations],
    sends: [
      Topics.gatewayCommands,
      Topics.paymentsCommands,
      Topics.ordersCommands,
      Topics.ledgerCommands,
      Topics.payoutsCommands,
      Topics.disputesCommands,
      Topics.webhooksCommands,
    ],
  }),
  // Every call of the console is an operator's: it writes no topic a merchant's app writes.
  console: service('console', {
    sends: [
      operatorTopics.gateway,
      operatorTopics.payments,
      operatorTopics.orders,
      operatorTopics.ledger,
      operatorTopics.payouts,
      operatorTopics.disputes,
      Topics.statusCommands,
      // Merchant users and invitations: the panel's topic is written by operators' apps only.
      Topics.panelCommands,
    ],
  }),
};

/**
 * The ACL bindings of one principal for a deployment's prefix. Every process also describes
 * every topic of the prefix: in production an app checks at start that all platform topics
 * exist, and a topic it may not describe is invisible to it.
 */
export function aclBindings(principal: string, access: KafkaAccess, prefix: string): AclEntry[] {
  const allow = (resourceType: AclResourceTypes, resourceName: string, operation: AclOperationTypes, pattern = ResourcePatternTypes.LITERAL): AclEntry => ({
    resourceType,
    resourceName,
    resourcePatternType: pattern,
    principal,
    host: '*',
    operation,
    permissionType: AclPermissionTypes.ALLOW,
  });
  return [
    allow(AclResourceTypes.TOPIC, prefix, AclOperationTypes.DESCRIBE, ResourcePatternTypes.PREFIXED),
    ...access.write.map((topic) => allow(AclResourceTypes.TOPIC, `${prefix}${topic}`, AclOperationTypes.WRITE)),
    ...access.read.map((topic) => allow(AclResourceTypes.TOPIC, `${prefix}${topic}`, AclOperationTypes.READ)),
    ...access.groups.map((group) => allow(AclResourceTypes.GROUP, `${prefix}${group}`, AclOperationTypes.READ)),
    ...access.groupPrefixes.map((group) => allow(AclResourceTypes.GROUP, `${prefix}${group}`, AclOperationTypes.READ, ResourcePatternTypes.PREFIXED)),
  ];
}
