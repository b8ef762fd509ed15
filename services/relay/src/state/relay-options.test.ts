import { BUS_REGISTRY, type ModelgateBusRegistry } from '@modelgate/contracts/bus';
import { DEFAULT_OPTIONS } from '@modelgate/db';
import { createTestDatabase, type MigratedTestDatabase } from '@modelgate/testkit/db';
import { createInProcessBus, createLogger, type InProcessBus } from '@modelgate/runtime';
import { RelayOptions } from './relay-options';

jest.setTimeout(60_000);

const logger = createLogger({ service: 'relay-options-test', level: 'silent' });

/** Waits until `check` passes (events are delivered asynchronously). */
async function eventually(check: () => void, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

describe('RelayOptions', () => {
  let database: MigratedTestDatabase;
  let bus: InProcessBus<ModelgateBusRegistry>;
  const started: RelayOptions[] = [];

  const store = async (key: string, value: string) => {
    await database.dataSource.query(
      'INSERT INTO options (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
      [key, value],
    );
  };
  const startOptions = async (config: { fullReloadIntervalMs?: number; withBus?: boolean } = {}) => {
    const options = new RelayOptions({
      dataSource: database.dataSource,
      logger,
      fullReloadIntervalMs: config.fullReloadIntervalMs ?? 0,
    });
    await options.start(config.withBus === false ? undefined : bus);
    started.push(options);
    return options;
  };
  const change = (values: Record<string, string>) =>
    bus.publish('modelgate.evt.config.option.changed', { keys: Object.keys(values), values });

  beforeAll(async () => {
    database = await createTestDatabase();
    bus = createInProcessBus({ registry: BUS_REGISTRY, logger });
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((options) => options.stop()));
    await database.dataSource.query('DELETE FROM options');
    jest.restoreAllMocks();
  });
  afterAll(async () => {
    await bus?.close();
    await database?.drop();
  });

  it('serves the defaults when nothing is stored', async () => {
    const options = await startOptions();
    expect(options.retryTimes()).toBe(0);
    expect(options.autoDisable().enabled).toBe(false);
    expect(options.autoDisable().keywords).toContain('you exceeded your current quota');
    expect(options.preConsumedQuota()).toBe(500);
    expect(options.quotaPerUnit()).toBe(500_000);
    expect(options.displayInCurrency()).toBe(true);
    expect(options.displayTokenStat()).toBe(true);
    expect(options.selfUseMode()).toBe(false);
    expect(options.logConsumeEnabled()).toBe(true);
    expect(options.promptSensitiveWords()).toEqual(['test_sensitive']);
    expect([...options.usableGroups()].sort()).toEqual(['default', 'vip']);
    expect([...options.knownGroups()].sort()).toEqual(['default', 'svip', 'vip']);
    expect(options.priceTable().problems).toEqual([]);
    expect(options.get('SystemName')).toBe(DEFAULT_OPTIONS.SystemName);
    expect(options.get('NoSuchOption')).toBe('');
  });

  it('lays the stored rows over the defaults, keeping keys it does not know', async () => {
    await store('RetryTimes', '3');
    await store('AutomaticDisableChannelEnabled', 'true');
    await store('AutomaticDisableKeywords', '  Quota Gone \n\nBANNED');
    await store('UserUsableGroups', JSON.stringify({ default: 'd', pro: 'p' }));
    await store('LogConsumeEnabled', 'false');
    await store('future.setting', 'on');
    const options = await startOptions();
    expect(options.retryTimes()).toBe(3);
    expect(options.autoDisable()).toEqual({ enabled: true, keywords: ['quota gone', 'banned'] });
    expect([...options.usableGroups()]).toEqual(['default', 'pro']);
    expect(options.logConsumeEnabled()).toBe(false);
    expect(options.get('future.setting')).toBe('on');
  });

  it('applies option.changed events to the values and the derived settings', async () => {
    const options = await startOptions();
    const before = options.priceTable();
    await change({
      RetryTimes: '2',
      AutomaticDisableChannelEnabled: 'true',
      ModelRatio: JSON.stringify({ 'my-model': 3 }),
      GroupRatio: JSON.stringify({ default: 1, gold: 0.5 }),
      'brand.new.key': 'kept',
    });
    await eventually(() => expect(options.retryTimes()).toBe(2));
    expect(options.autoDisable().enabled).toBe(true);
    expect(options.priceTable()).not.toBe(before);
    expect(options.priceTable().modelRatio).toEqual(new Map([['my-model', 3]]));
    expect(options.priceTable().groupRatio.get('gold')).toBe(0.5);
    expect([...options.knownGroups()]).toEqual(['default', 'gold']);
    expect(options.get('brand.new.key')).toBe('kept');

    await change({ PreConsumedQuota: '1000', SelfUseModeEnabled: 'true' });
    await eventually(() => expect(options.preConsumedQuota()).toBe(1000));
    expect(options.selfUseMode()).toBe(true);
  });

  it('checks prompts for the sensitive words only while both switches are on', async () => {
    const options = await startOptions();
    await change({ SensitiveWords: ' Secret Plan \n\nsecret plan\nleak ' });
    await eventually(() => expect(options.promptSensitiveWords()).toEqual(['secret plan', 'leak']));
    await change({ CheckSensitiveOnPromptEnabled: 'false' });
    await eventually(() => expect(options.promptSensitiveWords()).toEqual([]));
    await change({ CheckSensitiveOnPromptEnabled: 'true', CheckSensitiveEnabled: 'false' });
    await eventually(() => expect(options.get('CheckSensitiveEnabled')).toBe('false'));
    expect(options.promptSensitiveWords()).toEqual([]);
  });

  it('recomputes a derived value only when one of its options changes', async () => {
    const options = await startOptions();
    const table = options.priceTable();
    const autoDisable = options.autoDisable();
    const groups = options.usableGroups();
    options.applyChange({ keys: ['Notice', 'RetryTimes'], values: { Notice: 'hello', RetryTimes: '1' } });
    expect(options.retryTimes()).toBe(1);
    expect(options.priceTable()).toBe(table);
    expect(options.autoDisable()).toBe(autoDisable);
    expect(options.usableGroups()).toBe(groups);
    // The same value again is no change at all.
    options.applyChange({ keys: ['ModelRatio'], values: { ModelRatio: DEFAULT_OPTIONS.ModelRatio! } });
    expect(options.priceTable()).toBe(table);
    options.applyChange({ keys: ['QuotaPerUnit'], values: { QuotaPerUnit: '1000000' } });
    expect(options.priceTable()).not.toBe(table);
    expect(options.quotaPerUnit()).toBe(1_000_000);
  });

  it('falls back to the defaults for values it cannot use, logging each once', async () => {
    const options = await startOptions();
    const warn = jest.spyOn(logger, 'warn');
    options.applyChange({
      keys: ['RetryTimes', 'DisplayTokenStatEnabled', 'DisplayInCurrencyEnabled', 'ModelRatio', 'UserUsableGroups'],
      values: {
        RetryTimes: '-1',
        DisplayTokenStatEnabled: 'yes',
        DisplayInCurrencyEnabled: '',
        ModelRatio: '{not json',
        UserUsableGroups: '["default"]',
      },
    });
    expect(options.retryTimes()).toBe(0);
    expect(options.displayTokenStat()).toBe(true);
    expect(options.displayInCurrency()).toBe(true);
    expect(options.priceTable().modelRatio.get('gpt-4o')).toBeGreaterThan(0);
    expect(options.priceTable().problems).toHaveLength(1);
    expect(options.usableGroups().size).toBe(0);
    expect(warn).toHaveBeenCalledTimes(5);

    warn.mockClear();
    options.applyChange({ keys: ['Notice'], values: { Notice: 'unrelated' } });
    expect(warn).not.toHaveBeenCalled();

    for (const bad of ['1.5', 'abc', '', '1e400', ' 2 ']) {
      options.applyChange({ keys: ['RetryTimes'], values: { RetryTimes: '4' } });
      options.applyChange({ keys: ['RetryTimes'], values: { RetryTimes: bad } });
      expect(options.retryTimes()).toBe(bad === ' 2 ' ? 2 : 0);
    }
    options.applyChange({ keys: ['PreConsumedQuota'], values: { PreConsumedQuota: '-5' } });
    expect(options.preConsumedQuota()).toBe(500);
  });

  it('a full reload sees rows written without an event, and returns removed rows to the default', async () => {
    await store('RetryTimes', '5');
    const options = await startOptions({ withBus: false });
    expect(options.retryTimes()).toBe(5);
    await store('RetryTimes', '6');
    await store('DisplayTokenStatEnabled', 'false');
    expect(options.retryTimes()).toBe(5);
    await options.reload();
    expect(options.retryTimes()).toBe(6);
    expect(options.displayTokenStat()).toBe(false);
    await database.dataSource.query(`DELETE FROM options WHERE key = 'RetryTimes'`);
    await options.reload();
    expect(options.retryTimes()).toBe(0);
  });

  it('keeps an event applied while a reload is reading the table', async () => {
    await store('RetryTimes', '3');
    const options = await startOptions();
    const reloading = options.reload();
    options.applyChange({ keys: ['RetryTimes'], values: { RetryTimes: '7' } });
    await reloading;
    expect(options.retryTimes()).toBe(7);
  });

  it('reloads periodically as a safety net for lost events, until stopped', async () => {
    const options = await startOptions({ fullReloadIntervalMs: 30, withBus: false });
    await store('RetryTimes', '9');
    await eventually(() => expect(options.retryTimes()).toBe(9));
    await options.stop();
    await store('RetryTimes', '1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(options.retryTimes()).toBe(9);
  });

  it('stops listening to events when stopped', async () => {
    const options = await startOptions();
    await options.stop();
    await change({ RetryTimes: '4' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(options.retryTimes()).toBe(0);
  });
});
