import { relayWorkerCount, workersArgument } from './workers';

describe('relayWorkerCount', () => {
  it('is one worker unless told otherwise, as the chart and the test harnesses start the relay', () => {
    expect(relayWorkerCount({ env: {}, cores: 8 })).toBe(1);
  });

  it('takes --workers over RELAY_WORKERS, and a whole number as it is', () => {
    expect(relayWorkerCount({ env: { RELAY_WORKERS: '3' }, cores: 8 })).toBe(3);
    expect(relayWorkerCount({ argument: '2', env: { RELAY_WORKERS: '3' }, cores: 8 })).toBe(2);
  });

  it('runs one per core for auto, and one in Kubernetes where the autoscaler adds pods', () => {
    expect(relayWorkerCount({ argument: 'auto', env: {}, cores: 4 })).toBe(4);
    expect(relayWorkerCount({ env: { RELAY_WORKERS: 'auto', KUBERNETES_SERVICE_HOST: '10.0.0.1' }, cores: 4 })).toBe(1);
  });

  it.each(['0', '-1', '1.5', 'many', '257'])('refuses %j', (value) => {
    expect(() => relayWorkerCount({ env: { RELAY_WORKERS: value }, cores: 2 })).toThrow(/RELAY_WORKERS/);
  });
});

describe('workersArgument', () => {
  it('reads --workers=… from the command line', () => {
    expect(workersArgument(['node', 'main.js', '--workers=auto'])).toBe('auto');
    expect(workersArgument(['node', 'main.js'])).toBeUndefined();
  });

  it('takes the last --workers, so one added after a script’s own overrides it', () => {
    expect(workersArgument(['node', 'main.js', '--workers=auto', '--workers=3'])).toBe('3');
  });
});
