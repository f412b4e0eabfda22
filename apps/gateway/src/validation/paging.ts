// The API's paging is a contract (libs/contracts), so the merchant panel pages its lists by the same rules.
export { PagingQuerySchema } from '@platform/contracts';

export { pageOf as page, type Page } from '@platform/contracts';
