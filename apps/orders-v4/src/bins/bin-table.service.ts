import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { ApiError, type BinRecordSchema, type Environment, Errors, pageOf } from '@platform/contracts';
import { recordOperatorAction } from '@platform/service-kit';
import { DATABASE } from '../database';
import { BinLookupService } from './bin-lookup.service';
import { BinRepository, type BinRecord } from './bin.repository';

/** Operator changes to the BIN table; the answer carries the row before and after for the audit log. */
@Injectable()
export class BinTableService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly bins: BinRepository,
    private readonly lookup: BinLookupService,
  ) {}

  async upsert(
    environment: Environment,
    bin: string,
    record: z.infer<typeof BinRecordSchema>,
    operator: string,
  ): Promise<{ before: BinRecord | null; after: BinRecord }> {
    if (!/^\d{6}$/.test(bin)) throw new ApiError(Errors.BinMalformed);
    const changed = await this.dataSource.transaction(async (tx) => {
      const before = (await this.bins.find(environment, bin, tx)) ?? null;
      const after = await this.bins.upsert(tx, environment, bin, record);
      await BinLookupService.signalChange(tx, environment, bin);
      await recordOperatorAction(tx, DATABASE.schema, { actor: operator, action: 'bin.upsert', target: `bins/${environment}/${bin}`, before, after });
      return { before, after };
    });
    // This replica at once; the others when the commit's signal reaches them.
    this.lookup.forget(environment, bin);
    return changed;
  }

  async list(environment: Environment, binPrefix: string, page: number, perPage: number) {
    const { rows, total } = await this.bins.list(environment, binPrefix, page, perPage);
    return pageOf(rows, total, page, perPage);
  }
}
