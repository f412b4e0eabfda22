import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ApiError, BinLookup, OperatorListBins, UpsertBin, Errors } from '@platform/contracts';
import { BinTableService } from './bin-table.service';
import { RpcServer } from '@platform/messaging';
import { BinLookupService } from './bin-lookup.service';

@Injectable()
export class BinLookupHandlers implements OnModuleInit {
  constructor(
    private readonly rpc: RpcServer,
    private readonly bins: BinLookupService,
    private readonly table: BinTableService,
  ) {}

  onModuleInit(): void {
    this.rpc.handle(BinLookup, (request, context) => {
      if (!context.caller) throw new ApiError(Errors.AuthCredentialsInvalid);
      return this.bins.lookup(context.caller, request.bin, request.amount);
    });
    this.rpc.handle(OperatorListBins, (request) => this.table.list(request.environment, request.bin_prefix, request.page, request.per_page));
    this.rpc.handle(UpsertBin, (request) => this.table.upsert(request.environment, request.bin, request.record, request.operator));
  }
}
