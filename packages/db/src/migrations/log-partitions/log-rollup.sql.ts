import type { SchemaPart } from '../initial-schema/statements';

/**
 * The hourly rollups the log statistics and the dashboard read instead of raw rows, and the
 * statement-level triggers that keep them equal to the rows they summarise, whoever writes:
 *
 * - `log_hourly_model_totals`: consumption (type 2) quota and rows per hour, model and group,
 *   for every user together: the gateway-wide statistics (hours times models, a few rows an hour).
 * - `log_hourly_totals`: the same per channel too: the gateway-wide statistics of one channel.
 * - `log_hourly_user_totals`: per hour, user, username, token name, model and group (not
 *   channel, which users never filter by and which would multiply its rows): one user's
 *   statistics and any filter on username or token name.
 * - `quota_data_totals`: `quota_data` summed over users per hour and model: the admin dashboard.
 *
 * The triggers run once per statement over its transition tables (one grouped upsert for a batch
 * of thousands of rows), in key order so concurrent writers lock rollup rows in the same order.
 * A row whose count falls to zero is removed, so the rollups only hold hours that have rows.
 * Dropping a whole log partition fires no trigger: its owner removes the rollup hours it covered.
 */
export const logRollupSchema: SchemaPart = {
  up: [
    `CREATE TABLE "log_hourly_totals" (
      "hour" bigint NOT NULL,
      "model_name" varchar(255) NOT NULL,
      "channel_id" integer NOT NULL,
      "group" varchar(64) NOT NULL,
      "quota" bigint NOT NULL DEFAULT 0,
      "count" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "pk_log_hourly_totals" PRIMARY KEY ("hour", "model_name", "channel_id", "group")
    )`,
    `CREATE INDEX "idx_log_hourly_totals_channel_id_hour" ON "log_hourly_totals" ("channel_id", "hour")`,
    `CREATE TABLE "log_hourly_model_totals" (
      "hour" bigint NOT NULL,
      "model_name" varchar(255) NOT NULL,
      "group" varchar(64) NOT NULL,
      "quota" bigint NOT NULL DEFAULT 0,
      "count" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "pk_log_hourly_model_totals" PRIMARY KEY ("hour", "model_name", "group")
    )`,
    `CREATE TABLE "log_hourly_user_totals" (
      "hour" bigint NOT NULL,
      "user_id" integer NOT NULL,
      "username" varchar(64) NOT NULL,
      "token_name" varchar(255) NOT NULL,
      "model_name" varchar(255) NOT NULL,
      "group" varchar(64) NOT NULL,
      "quota" bigint NOT NULL DEFAULT 0,
      "count" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "pk_log_hourly_user_totals" PRIMARY KEY ("user_id", "hour", "username", "token_name", "model_name", "group") INCLUDE ("quota")
    )`,
    `CREATE INDEX "idx_log_hourly_user_totals_username_hour" ON "log_hourly_user_totals" ("username", "hour")`,
    `CREATE INDEX "idx_log_hourly_user_totals_token_name_hour" ON "log_hourly_user_totals" ("token_name", "hour")`,
    `CREATE INDEX "idx_log_hourly_user_totals_hour" ON "log_hourly_user_totals" ("hour")`,
    `CREATE TABLE "quota_data_totals" (
      "created_at" bigint NOT NULL,
      "model_name" varchar(255) NOT NULL,
      "token_used" bigint NOT NULL DEFAULT 0,
      "count" bigint NOT NULL DEFAULT 0,
      "quota" bigint NOT NULL DEFAULT 0,
      CONSTRAINT "pk_quota_data_totals" PRIMARY KEY ("created_at", "model_name")
    )`,

    // Adds `sign` times the consumption rows of `delta` (a transition table) to both log rollups.
    `CREATE FUNCTION "logs_rollup_apply"() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        INSERT INTO log_hourly_totals AS t (hour, model_name, channel_id, "group", quota, count)
        SELECT o.created_at - mod(o.created_at, 3600), o.model_name, o.channel_id, o."group", -sum(o.quota), -count(*)
          FROM old_rows o WHERE o.type = 2 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (hour, model_name, channel_id, "group") DO UPDATE
          SET quota = t.quota + excluded.quota, count = t.count + excluded.count;
        INSERT INTO log_hourly_model_totals AS t (hour, model_name, "group", quota, count)
        SELECT o.created_at - mod(o.created_at, 3600), o.model_name, o."group", -sum(o.quota), -count(*)
          FROM old_rows o WHERE o.type = 2 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (hour, model_name, "group") DO UPDATE
          SET quota = t.quota + excluded.quota, count = t.count + excluded.count;
        INSERT INTO log_hourly_user_totals AS t (hour, user_id, username, token_name, model_name, "group", quota, count)
        SELECT o.created_at - mod(o.created_at, 3600), o.user_id, o.username, o.token_name, o.model_name, o."group",
               -sum(o.quota), -count(*)
          FROM old_rows o WHERE o.type = 2 GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 2, 1, 3, 4, 5, 6
        ON CONFLICT (user_id, hour, username, token_name, model_name, "group") DO UPDATE
          SET quota = t.quota + excluded.quota, count = t.count + excluded.count;
        DELETE FROM log_hourly_totals t USING (SELECT DISTINCT created_at - mod(created_at, 3600) AS hour FROM old_rows) h
         WHERE t.hour = h.hour AND t.count <= 0;
        DELETE FROM log_hourly_model_totals t USING (SELECT DISTINCT created_at - mod(created_at, 3600) AS hour FROM old_rows) h
         WHERE t.hour = h.hour AND t.count <= 0;
        DELETE FROM log_hourly_user_totals t USING (SELECT DISTINCT user_id, created_at - mod(created_at, 3600) AS hour FROM old_rows) h
         WHERE t.user_id = h.user_id AND t.hour = h.hour AND t.count <= 0;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO log_hourly_totals AS t (hour, model_name, channel_id, "group", quota, count)
        SELECT n.created_at - mod(n.created_at, 3600), n.model_name, n.channel_id, n."group", sum(n.quota), count(*)
          FROM new_rows n WHERE n.type = 2 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
        ON CONFLICT (hour, model_name, channel_id, "group") DO UPDATE
          SET quota = t.quota + excluded.quota, count = t.count + excluded.count;
        INSERT INTO log_hourly_model_totals AS t (hour, model_name, "group", quota, count)
        SELECT n.created_at - mod(n.created_at, 3600), n.model_name, n."group", sum(n.quota), count(*)
          FROM new_rows n WHERE n.type = 2 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (hour, model_name, "group") DO UPDATE
          SET quota = t.quota + excluded.quota, count = t.count + excluded.count;
        INSERT INTO log_hourly_user_totals AS t (hour, user_id, username, token_name, model_name, "group", quota, count)
        SELECT n.created_at - mod(n.created_at, 3600), n.user_id, n.username, n.token_name, n.model_name, n."group",
               sum(n.quota), count(*)
          FROM new_rows n WHERE n.type = 2 GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 2, 1, 3, 4, 5, 6
        ON CONFLICT (user_id, hour, username, token_name, model_name, "group") DO UPDATE
          SET quota = t.quota + excluded.quota, count = t.count + excluded.count;
      END IF;
      RETURN NULL;
    END
    $fn$`,
    `CREATE TRIGGER "trg_logs_rollup_insert" AFTER INSERT ON "logs" REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION "logs_rollup_apply"()`,
    `CREATE TRIGGER "trg_logs_rollup_update" AFTER UPDATE ON "logs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION "logs_rollup_apply"()`,
    `CREATE TRIGGER "trg_logs_rollup_delete" AFTER DELETE ON "logs" REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION "logs_rollup_apply"()`,

    `CREATE FUNCTION "quota_data_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        INSERT INTO quota_data_totals AS t (created_at, model_name, token_used, count, quota)
        SELECT o.created_at, o.model_name, -sum(o.token_used), -sum(o.count), -sum(o.quota)
          FROM old_rows o GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (created_at, model_name) DO UPDATE
          SET token_used = t.token_used + excluded.token_used, count = t.count + excluded.count, quota = t.quota + excluded.quota;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO quota_data_totals AS t (created_at, model_name, token_used, count, quota)
        SELECT n.created_at, n.model_name, sum(n.token_used), sum(n.count), sum(n.quota)
          FROM new_rows n GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (created_at, model_name) DO UPDATE
          SET token_used = t.token_used + excluded.token_used, count = t.count + excluded.count, quota = t.quota + excluded.quota;
      END IF;
      RETURN NULL;
    END
    $fn$`,
    `CREATE TRIGGER "trg_quota_data_totals_insert" AFTER INSERT ON "quota_data" REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION "quota_data_totals_apply"()`,
    `CREATE TRIGGER "trg_quota_data_totals_update" AFTER UPDATE ON "quota_data" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION "quota_data_totals_apply"()`,
    `CREATE TRIGGER "trg_quota_data_totals_delete" AFTER DELETE ON "quota_data" REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION "quota_data_totals_apply"()`,
    // What was there before the rollups: summed once.
    `INSERT INTO quota_data_totals (created_at, model_name, token_used, count, quota)
     SELECT created_at, model_name, sum(token_used), sum(count), sum(quota) FROM quota_data GROUP BY 1, 2`,
    `INSERT INTO log_hourly_totals (hour, model_name, channel_id, "group", quota, count)
     SELECT created_at - mod(created_at, 3600), model_name, channel_id, "group", sum(quota), count(*)
       FROM logs WHERE type = 2 GROUP BY 1, 2, 3, 4`,
    `INSERT INTO log_hourly_model_totals (hour, model_name, "group", quota, count)
     SELECT created_at - mod(created_at, 3600), model_name, "group", sum(quota), count(*) FROM logs WHERE type = 2 GROUP BY 1, 2, 3`,
    `INSERT INTO log_hourly_user_totals (hour, user_id, username, token_name, model_name, "group", quota, count)
     SELECT created_at - mod(created_at, 3600), user_id, username, token_name, model_name, "group", sum(quota), count(*)
       FROM logs WHERE type = 2 GROUP BY 1, 2, 3, 4, 5, 6`,
  ],
  down: [
    `DROP TRIGGER "trg_quota_data_totals_delete" ON "quota_data"`,
    `DROP TRIGGER "trg_quota_data_totals_update" ON "quota_data"`,
    `DROP TRIGGER "trg_quota_data_totals_insert" ON "quota_data"`,
    `DROP FUNCTION "quota_data_totals_apply"()`,
    `DROP TRIGGER "trg_logs_rollup_delete" ON "logs"`,
    `DROP TRIGGER "trg_logs_rollup_update" ON "logs"`,
    `DROP TRIGGER "trg_logs_rollup_insert" ON "logs"`,
    `DROP FUNCTION "logs_rollup_apply"()`,
    `DROP TABLE "quota_data_totals"`,
    `DROP TABLE "log_hourly_user_totals"`,
    `DROP TABLE "log_hourly_model_totals"`,
    `DROP TABLE "log_hourly_totals"`,
  ],
};
