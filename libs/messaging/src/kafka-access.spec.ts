import { TOPIC_SPECS, Topics } from '@platform/contracts';
import { KAFKA_ACCESS, aclBindings } from './kafka-access';

/** The grants of docs/kafka-acls.md hang together: every command topic has one server, every sender one. */
describe('KAFKA_ACCESS', () => {
  const commandTopics = TOPIC_SPECS.filter((spec) => spec.kind === 'commands').map((spec) => spec.name);
  const servers = (topic: string) =>
    Object.entries(KAFKA_ACCESS).filter(([app, access]) => access.read.includes(topic as never) && access.groups.includes(`${app}.commands`));

  it.each(commandTopics)('%s is served by exactly one app, in its commands group', (topic) => {
    expect(servers(topic)).toHaveLength(1);
  });

  it('sends commands only to topics some app serves, and every sender reads the replies', () => {
    for (const [app, access] of Object.entries(KAFKA_ACCESS)) {
      const sent = access.write.filter((topic) => (commandTopics as string[]).includes(topic));
      for (const topic of sent) expect([app, topic, servers(topic).length]).toEqual([app, topic, 1]);
      if (sent.length > 0)
        expect([app, access.read, access.groupPrefixes]).toEqual([
          app,
          expect.arrayContaining([Topics.rpcReplies]),
          expect.arrayContaining([`rpc-replies.${app}.`]),
        ]);
    }
  });

  it('lets the merchant panel call the gateway and the gateway invite through the panel', () => {
    expect(KAFKA_ACCESS.panel).toEqual({
      write: [
        Topics.rpcReplies,
        Topics.gatewayCommands,
        Topics.paymentsCommands,
        Topics.ordersCommands,
        Topics.ledgerCommands,
        Topics.payoutsCommands,
        Topics.disputesCommands,
        Topics.webhooksCommands,
        Topics.panelInvitations,
      ],
      read: [Topics.panelCommands, Topics.rpcReplies],
      groups: ['panel.commands'],
      groupPrefixes: ['rpc-replies.panel.'],
    });
    expect(KAFKA_ACCESS.gateway).toMatchObject({
      write: expect.arrayContaining([Topics.rpcReplies, Topics.panelCommands]),
      read: expect.arrayContaining([Topics.gatewayCommands]),
      groups: expect.arrayContaining(['gateway.commands']),
    });
    expect(aclBindings('User:panel', KAFKA_ACCESS.panel!, 'eu.').filter((acl) => acl.resourceName === 'eu.gateway.commands.v1')).toHaveLength(1);
  });

  it('lets the services that announce operators’ changes write them and only the gateway read them, in its events group', () => {
    const writers = Object.entries(KAFKA_ACCESS)
      .filter(([, access]) => access.write.includes(Topics.operatorActions))
      .map(([app]) => app);
    const readers = Object.entries(KAFKA_ACCESS)
      .filter(([, access]) => access.read.includes(Topics.operatorActions))
      .map(([app]) => app);
    expect([writers, readers]).toEqual([['payments-v3', 'orders-v4', 'ledger', 'payouts', 'disputes', 'status'], ['gateway']]);
    expect(KAFKA_ACCESS.gateway!.groups).toContain('gateway.events');
  });

  it('lets only the gateway and the operator console write operator commands, and the console nothing a merchant app writes', () => {
    const operatorTopics = TOPIC_SPECS.map((spec) => spec.name).filter((topic) => topic.includes('.operator-commands.'));
    expect(operatorTopics).toHaveLength(6);
    for (const topic of operatorTopics) {
      const writers = Object.entries(KAFKA_ACCESS)
        .filter(([, access]) => access.write.includes(topic))
        .map(([app]) => app);
      expect([topic, writers.filter((app) => app !== 'console' && app !== 'gateway')]).toEqual([topic, []]);
      expect([topic, servers(topic).length]).toEqual([topic, 1]);
    }
    const merchantFacing = ['panel', 'checkout'].flatMap((app) => KAFKA_ACCESS[app]!.write);
    expect(KAFKA_ACCESS.console!.write.filter((topic) => merchantFacing.includes(topic))).toEqual([]);
  });

  it('lets only the services that move money out hold and release a wallet’s funds', () => {
    const writers = Object.entries(KAFKA_ACCESS)
      .filter(([, access]) => access.write.includes(Topics.ledgerReservations))
      .map(([app]) => app);
    expect([writers, servers(Topics.ledgerReservations).map(([app]) => app)]).toEqual([['payments-v3', 'payouts'], ['ledger']]);
  });
});
