import { quotaDataJsonOf } from './json';

describe('quotaDataJsonOf', () => {
  it("turns billing's columns into the /api rows, in order and with the contract's field order", () => {
    const rows = quotaDataJsonOf({
      user_id: [7, 7],
      username: ['alice', 'alice_renamed'],
      model_name: ['gpt-4o', 'claude'],
      created_at: [1_748_822_400, 1_748_826_000],
      token_used: [1_200, 9_007_199_254_740_991],
      count: [3, 1],
      quota: [450, 0],
    });
    expect(JSON.stringify(rows)).toBe(
      '[{"user_id":7,"username":"alice","model_name":"gpt-4o","created_at":1748822400,"token_used":1200,"count":3,"quota":450},' +
        '{"user_id":7,"username":"alice_renamed","model_name":"claude","created_at":1748826000,"token_used":9007199254740991,"count":1,"quota":0}]',
    );
  });

  it('gives no rows for empty columns', () => {
    expect(quotaDataJsonOf({ user_id: [], username: [], model_name: [], created_at: [], token_used: [], count: [], quota: [] })).toEqual([]);
  });
});
