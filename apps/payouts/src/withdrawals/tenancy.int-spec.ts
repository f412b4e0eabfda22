import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { connectToServiceSchema } from '@platform/persistence';
import { ownerAndStrangers, testInfrastructure } from '@platform/testing';
import { DATABASE } from '../database';
import { WithdrawalRepository } from './withdrawal.repository';

/** Tenancy through the repository on the real payouts schema: a withdrawal is read and moved by its owner only. */
describe('withdrawals belong to their owner', () => {
  const { owner, strangers } = ownerAndStrangers();
  const withdrawals = new WithdrawalRepository();
  let dataSource: DataSource;

  beforeAll(async () => {
    dataSource = await connectToServiceSchema(testInfrastructure.adminDatabaseUrl, DATABASE.schema);
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  async function newWithdrawal(): Promise<string> {
    const id = randomUUID();
    const now = new Date();
    await withdrawals.insert(dataSource, {
      id,
      merchant_code: owner.merchantCode,
      environment: owner.environment,
      status: 'requested',
      amount: '100.00',
      currency: 'TRY',
      address: `T${randomBytes(16).toString('hex')}`,
      usdt_amount: '2.900000',
      usdt_rate: '0.029',
      tx_hash: null,
      rejection_reason: null,
      requested_at: now,
      processed_at: null,
      created_at: now,
      ledger_step: 'confirm',
    });
    return id;
  }

  it('does not find, list, send, reject or re-step another owner’s withdrawal', async () => {
    const id = await newWithdrawal();
    for (const stranger of strangers) {
      await expect(withdrawals.find(dataSource, stranger, id)).resolves.toBeUndefined();
      const listed = await withdrawals.list(dataSource, { owner: stranger, status: null }, 100, 0);
      expect(listed.rows.map((row) => row.id)).not.toContain(id);
      await expect(withdrawals.transition(dataSource, stranger, id, { move: 'send', tx_hash: 'ab'.repeat(32) }, new Date())).resolves.toBe(false);
      await expect(withdrawals.transition(dataSource, stranger, id, { move: 'reject', rejection_reason: 'no' }, new Date())).resolves.toBe(false);
      await withdrawals.setLedgerStep(dataSource, stranger, id, null);
    }
    await expect(withdrawals.find(dataSource, owner, id)).resolves.toMatchObject({ status: 'requested', tx_hash: null, ledger_step: 'confirm' });
    await expect(withdrawals.findForOperator(dataSource, id)).resolves.toMatchObject({ merchant_code: owner.merchantCode });
  });

  it('moves a requested withdrawal once: a sent one is not rejected afterwards', async () => {
    const id = await newWithdrawal();
    await expect(withdrawals.transition(dataSource, owner, id, { move: 'send', tx_hash: 'cd'.repeat(32) }, new Date())).resolves.toBe(true);
    await expect(withdrawals.transition(dataSource, owner, id, { move: 'reject', rejection_reason: 'too late' }, new Date())).resolves.toBe(false);
    await expect(withdrawals.find(dataSource, owner, id)).resolves.toMatchObject({
      status: 'sent',
      tx_hash: 'cd'.repeat(32),
      rejection_reason: null,
      ledger_step: null,
    });
  });
});
