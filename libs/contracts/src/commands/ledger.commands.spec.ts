import { ListParkedEvents } from './ledger.commands';

describe('the parked-events command across a rolling deploy', () => {
  it('takes the request of a caller from before paging as the first page of 100', () => {
    expect(ListParkedEvents.request.parse({})).toEqual({ page: 1, per_page: 100 });
  });

  it('takes the answer of a ledger from before paging, which has no meta', () => {
    expect(ListParkedEvents.reply.safeParse({ data: [] }).success).toBe(true);
  });
});
