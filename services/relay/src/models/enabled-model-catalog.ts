import type { Logger } from '@modelgate/runtime';
import type { DataSource } from 'typeorm';

/**
 * Which models each group can reach through an enabled channel, held in memory. Loaded at start
 * and reloaded when a channel change is announced, so listing models never queries the database
 * per request. Concurrent change events collapse into at most one extra reload.
 */
export class EnabledModelCatalog {
  private byGroup = new Map<string, readonly string[]>();
  private all: readonly string[] = [];
  private reloading: Promise<void> | undefined;
  private reloadAgain = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly logger: Logger,
  ) {}

  /** Reloads from the abilities table; calls made during a reload share one follow-up reload. */
  reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      try {
        do {
          this.reloadAgain = false;
          await this.load();
        } while (this.reloadAgain);
      } finally {
        this.reloading = undefined;
      }
    })();
    return this.reloading;
  }

  /** Models enabled for `group`, or for any group when `group` is empty; sorted. */
  list(group = ''): readonly string[] {
    return group === '' ? this.all : (this.byGroup.get(group) ?? []);
  }

  private async load(): Promise<void> {
    const rows: Array<{ group: string; model: string }> = await this.dataSource.query(
      'SELECT DISTINCT "group", model FROM abilities WHERE enabled = true ORDER BY model',
    );
    const byGroup = new Map<string, string[]>();
    const all = new Set<string>();
    for (const { group, model } of rows) {
      let models = byGroup.get(group);
      if (!models) byGroup.set(group, (models = []));
      models.push(model);
      all.add(model);
    }
    this.byGroup = byGroup;
    this.all = [...all].sort();
    this.logger.debug({ groups: byGroup.size, models: all.size }, 'enabled models loaded');
  }
}
