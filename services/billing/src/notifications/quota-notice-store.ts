import type { DataSource } from 'typeorm';
import { queryReturning } from '../usage/sql';

/** At most one low-quota notice per user in this many seconds (product spec §9: two hours). */
export const QUOTA_NOTICE_WINDOW_SECONDS = 2 * 3_600;

/**
 * The low-quota notice limiter (`quota_notices`), shared by every billing replica through the
 * database rather than held in memory, so a user gets one notice per window however many
 * replicas settle their usage.
 */
export class QuotaNoticeStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly windowSeconds = QUOTA_NOTICE_WINDOW_SECONDS,
  ) {}

  /**
   * Claims the right to notify `userId` now: true when no notice was claimed within the window,
   * and the claim is then recorded. One conditional upsert, so of any number of concurrent
   * claims for a user exactly one wins (the row lock orders them; the losers see the new time).
   */
  async claim(userId: number): Promise<boolean> {
    const rows = await queryReturning<{ user_id: number }>(
      this.dataSource.manager,
      `INSERT INTO quota_notices (user_id, last_sent_at) VALUES ($1, now())
       ON CONFLICT (user_id) DO UPDATE SET last_sent_at = EXCLUDED.last_sent_at
        WHERE quota_notices.last_sent_at < now() - make_interval(secs => $2)
       RETURNING user_id`,
      [userId, this.windowSeconds],
    );
    return rows.length > 0;
  }
}
