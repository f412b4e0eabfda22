import { Module } from '@nestjs/common';
import { BinLookupHandlers } from './bin-lookup.handlers';
import { BinLookupService } from './bin-lookup.service';
import { BinRepository } from './bin.repository';
import { BinTableService } from './bin-table.service';

@Module({ providers: [BinRepository, BinLookupService, BinLookupHandlers, BinTableService], exports: [BinLookupService, BinRepository] })
export class BinsModule {}
