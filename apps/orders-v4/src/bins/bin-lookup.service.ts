import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, type BinInfo, type Caller, type Environment, Errors } from '@platform/contracts';
import { parseWireAmount, withinBounds } from '@platform/money';
import { ChangeSignals, type SqlExecutor } from '@platform/persistence';
import { CONFIG } from '@platform/service-kit';
import type { Config } from '../config';
import { BinRepository, type BinRecord } from './bin.repository';

const SIX_DIGITS = /^\d{6}$/;
/** How long a replica answers from the BIN rows it read, should a change's signal be missed. */
const BIN_FRESH_MS = 1000;
const BIN_CHANGED = 'orders_bin_changed';
const CACHED_BINS = 10_000;

/**
 * BIN eligibility in the spec's check order: BIN shape, amount, then the BIN table. Rows are
 * read from memory for at most a second, and an operator's change signals every replica at its
 * commit to drop the row, so a lookup and an order read the static table without a round trip each.
 */
@Injectable()
export class BinLookupService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly cached = new Map<string, { record: Promise<BinRecord | undefined>; readAt: number }>();
  private readonly signals: ChangeSignals;

  constructor(
    private readonly bins: BinRepository,
    @Inject(CONFIG) private readonly config: Config,
    dataSource: DataSource,
  ) {
    this.signals = new ChangeSignals(dataSource);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.signals.on(BIN_CHANGED, (key) => (key ? this.cached.delete(key) : this.cached.clear()));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.signals.close();
  }

  /** In the transaction that changes a BIN row: every replica drops the row at the commit. */
  static async signalChange(tx: SqlExecutor, environment: Environment, bin: string): Promise<void> {
    await ChangeSignals.signal(tx, BIN_CHANGED, `${environment}:${bin}`);
  }

  async lookup(caller: Caller, bin: string, amount: string): Promise<BinInfo> {
    return (await this.chargeableRecord(caller, bin, amount)).info;
  }

  /** The BIN's information for a card about to be charged: the lookup's checks and the issuer's (0055231), one read. */
  async lookupChargeable(caller: Caller, bin: string, amount: string): Promise<BinInfo> {
    const { info, issuerAvailable } = await this.chargeableRecord(caller, bin, amount);
    if (!issuerAvailable) throw new ApiError(Errors.CardIssuerUnavailable);
    return info;
  }

  private async chargeableRecord(caller: Caller, bin: string, amount: string): Promise<{ info: BinInfo; issuerAvailable: boolean }> {
    if (!SIX_DIGITS.test(bin)) throw new ApiError(Errors.BinMalformed);
    this.assertAmount(amount);
    const record = await this.record(caller.environment, bin);
    if (!record) throw new ApiError(Errors.BinUnknown);
    if (!record.channel_available) throw new ApiError(Errors.BinNoChannel);
    const { channel_available: _channel, issuer_available: issuerAvailable, ...info } = record;
    return { info, issuerAvailable };
  }

  /** A card whose issuer the operator marked unavailable cannot be charged at the moment (0055231). */
  async assertIssuerAvailable(caller: Caller, bin: string): Promise<void> {
    const record = await this.record(caller.environment, bin);
    if (record && !record.issuer_available) throw new ApiError(Errors.CardIssuerUnavailable);
  }

  /** Drops what this replica keeps of a row the operator just changed. */
  forget(environment: Environment, bin: string): void {
    this.cached.delete(`${environment}:${bin}`);
  }

  private record(environment: Environment, bin: string): Promise<BinRecord | undefined> {
    const key = `${environment}:${bin}`;
    const now = Date.now();
    const known = this.cached.get(key);
    if (known && now - known.readAt <= BIN_FRESH_MS) return known.record;
    const record = this.bins.find(environment, bin);
    this.cached.delete(key);
    if (this.cached.size >= CACHED_BINS) this.cached.delete(this.cached.keys().next().value!);
    this.cached.set(key, { record, readAt: now });
    // A failed read is not kept: the next lookup reads again.
    record.catch(() => {
      if (this.cached.get(key)?.record === record) this.cached.delete(key);
    });
    return record;
  }

  private assertAmount(amount: string): void {
    const parsed = parseWireAmount(amount);
    const { ORDER_MIN_AMOUNT: min, ORDER_MAX_AMOUNT: max } = this.config;
    if (!parsed || !withinBounds(parsed, min, max)) {
      throw new ApiError(Errors.OrderAmountRefused, `amount must be a TRY amount with 2 decimals between ${min} and ${max}`, {
        amount_limit: { min, max },
      });
    }
  }
}
