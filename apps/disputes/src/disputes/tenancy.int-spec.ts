import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { connectToServiceSchema } from '@platform/persistence';
import { ownerAndStrangers, testInfrastructure } from '@platform/testing';
import { DATABASE } from '../database';
import { DisputeRepository } from './dispute.repository';

/** Tenancy through the repository on the real disputes schema: a dispute is read, answered and moved by its owner only. */
describe('disputes belong to their owner', () => {
  const { owner, strangers } = ownerAndStrangers();
  const disputes = new DisputeRepository();
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  async function newDispute(): Promise<string> {
    const id = randomUUID();
    await disputes.insert(dataSource, {
      id,
      merchant_code: owner.merchantCode,
      environment: owner.environment,
      service: 'api',
      payment_code: null,
      amount: '40.00',
      currency: 'TRY',
      status: 'open',
      reason: 'fraud',
      reason_note: null,
      occurred_on: '2026-01-02',
      evidence_due_at: null,
      resolved_at: null,
      created_at: new Date(),
    });
    return id;
  }

  it('does not find, list, answer or move another owner’s dispute', async () => {
    const id = await newDispute();
    for (const stranger of strangers) {
      await expect(disputes.find(dataSource, stranger, id)).resolves.toBeUndefined();
      const listed = await disputes.list(dataSource, { owner: stranger, status: null }, 100, 0);
      expect(listed.rows.map((row) => row.id)).not.toContain(id);
      await disputes.setEvidence(dataSource, stranger, id, 'not mine', new Date());
      await expect(disputes.transition(dataSource, stranger, id, { move: 'resolve', outcome: 'won', resolved_at: new Date() })).resolves.toBe(false);
    }
    await expect(disputes.find(dataSource, owner, id)).resolves.toMatchObject({ status: 'open', merchant_evidence_note: null, resolved_at: null });
    await expect(disputes.findForOperator(dataSource, id)).resolves.toMatchObject({ merchant_code: owner.merchantCode });
  });

  it('resolves once: a lost dispute is not reviewed or won afterwards', async () => {
    const id = await newDispute();
    await expect(disputes.transition(dataSource, owner, id, { move: 'resolve', outcome: 'lost', resolved_at: new Date() })).resolves.toBe(true);
    await expect(disputes.transition(dataSource, owner, id, { move: 'under_review' })).resolves.toBe(false);
    await expect(disputes.transition(dataSource, owner, id, { move: 'resolve', outcome: 'won', resolved_at: new Date() })).resolves.toBe(false);
    await expect(disputes.find(dataSource, owner, id)).resolves.toMatchObject({ status: 'lost' });
  });
});
