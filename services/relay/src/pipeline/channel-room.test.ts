import { createLogger } from '@modelgate/runtime';
import { ChannelGate } from '../limits/channel-gate';
import { SharedWindowLimiter } from '../limits/shared-window-limiter';
import { buildChannelSnapshot, pickChannel, selectChannel } from '../routing';
import { abilitiesOf, channelRow, seededRandom } from '../routing/routing-fixtures.test-support';
import { preferChannelWithRoom } from './attempts';

// Routing around channels at their caps: another channel of the same priority with room is
// taken before waiting in a queue; a lower-priority one is not.

const logger = createLogger({ service: 'room-test', level: 'silent' });
const store = { take: async () => ({ granted: 0, taken: 0 }) };

describe('preferChannelWithRoom', () => {
  const limiter = new SharedWindowLimiter({ store, logger });
  const gate = new ChannelGate({ limiter, queue: () => ({ timeoutMs: 1_000, maxWaiting: 10 }) });
  afterAll(() => limiter.stop());

  const snapshot = buildChannelSnapshot(
    [
      channelRow(1, { max_concurrency: 1 }),
      channelRow(2, { max_concurrency: 1 }),
      channelRow(3, { priority: -1 }),
    ],
    [...abilitiesOf(1, ['default'], ['m']), ...abilitiesOf(2, ['default'], ['m']), ...abilitiesOf(3, ['default'], ['m'])],
  );
  const random = seededRandom(7);
  const pick = () => {
    const request = { group: 'default', model: 'm', attempt: 0 };
    const picked = selectChannel(snapshot, request, random);
    return preferChannelWithRoom(picked, { channelGate: gate }, (room) => pickChannel(snapshot, { ...request, accepts: room }, random)).id;
  };

  it('takes the channel of the same priority that has room, then queues on the pick when none has', async () => {
    const busy = await gate.acquire(snapshot.channel(1)!.row, { userId: 1, model: 'm' });
    for (let i = 0; i < 20; i++) expect(pick()).toBe(2);
    const alsoBusy = await gate.acquire(snapshot.channel(2)!.row, { userId: 1, model: 'm' });
    // Both at their cap: the pick stands (its queue waits), the lower priority is not used.
    const picks = new Set(Array.from({ length: 20 }, pick));
    expect([...picks].every((id) => id === 1 || id === 2)).toBe(true);
    busy.release(0);
    alsoBusy.release(0);
  });
});
