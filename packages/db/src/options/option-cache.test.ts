import { BUS_REGISTRY } from '@modelgate/contracts/bus';
import { createInProcessBus, createLogger } from '@modelgate/runtime';
import { OptionEntity } from '../entities';
import { DEFAULT_OPTIONS } from '../seed/default-options';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { OptionCache } from './option-cache';

jest.setTimeout(60_000);

describe('OptionCache', () => {
  let database: MigratedTestDatabase;
  const started: OptionCache[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((cache) => cache.stop()));
    await database.dataSource.getRepository(OptionEntity).clear();
  });
  afterAll(async () => {
    await database?.drop();
  });

  const store = (key: string, value: string) => database.dataSource.getRepository(OptionEntity).save({ key, value });
  async function startCache(bus?: ReturnType<typeof createInProcessBus<typeof BUS_REGISTRY>>): Promise<OptionCache> {
    const cache = new OptionCache(database.dataSource);
    await cache.start({ ...(bus ? { bus } : {}), fullReloadIntervalMs: 0 });
    started.push(cache);
    return cache;
  }

  it('lays stored rows over the registry defaults, keeping keys it does not know', async () => {
    await store('RetryTimes', '3');
    await store('FutureOption', 'x');
    const cache = await startCache();
    expect(cache.get('RetryTimes')).toBe('3');
    expect(cache.value('RetryTimes')).toBe(3);
    expect(cache.get('SystemName')).toBe(DEFAULT_OPTIONS.SystemName);
    expect(cache.get('FutureOption')).toBe('x');
    expect(cache.get('NotAnOption')).toBe('');
  });

  it('follows option.changed events and re-parses only what changed', async () => {
    const bus = createInProcessBus({ registry: BUS_REGISTRY, logger: createLogger({ service: 'option-cache-test', level: 'silent' }) });
    const cache = await startCache(bus);
    const ratios = cache.value('GroupRatio');
    expect(cache.value('GroupRatio')).toBe(ratios);
    const seen: string[][] = [];
    cache.onChange((changed) => seen.push([...changed]));

    const delivered = new Promise<void>((resolve) => cache.onChange(() => resolve()));
    await bus.publish('modelgate.evt.config.option.changed', { keys: ['RegisterEnabled'], values: { RegisterEnabled: 'false' } });
    await delivered;
    expect(cache.value('RegisterEnabled')).toBe(false);
    expect(cache.value('GroupRatio')).toBe(ratios);

    cache.apply({ GroupRatio: '{"default":2}', RegisterEnabled: 'false' });
    expect(cache.value('GroupRatio')).toEqual({ default: 2 });
    expect(seen).toEqual([['RegisterEnabled'], ['GroupRatio']]);
    await cache.stop();
    await bus.close();
  });

  it('reads a text its rule refuses as the fallback, reporting it once per change', async () => {
    const reporter = createLogger({ service: 'option-cache-test', level: 'silent' });
    const warn = jest.spyOn(reporter, 'warn');
    const cache = new OptionCache(database.dataSource, reporter);
    cache.apply({ RetryTimes: '0x3', ServerAddress: ' https://gate.example/ ' });
    expect([cache.value('RetryTimes'), cache.value('RetryTimes')]).toEqual([0, 0]);
    expect(cache.get('RetryTimes')).toBe('0x3');
    expect(cache.value('ServerAddress')).toBe('https://gate.example');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toEqual({ key: 'RetryTimes' });
    cache.apply({ RetryTimes: '4' });
    expect(cache.value('RetryTimes')).toBe(4);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('a reload returns a removed row to its default', async () => {
    await store('DataExportDefaultTime', 'week');
    const cache = await startCache();
    expect(cache.value('DataExportDefaultTime')).toBe('week');
    await database.dataSource.query(`DELETE FROM options WHERE key = 'DataExportDefaultTime'`);
    await cache.load();
    expect(cache.value('DataExportDefaultTime')).toBe('hour');
  });
});
