// `/api/token` status rules: switching a token off and on, and what may not be switched back on
// (expired or exhausted tokens), with the reference's messages.
import type { ApiClient } from '../../support/api-client';
import { EXHAUSTED_CANNOT_ENABLE, EXPIRED_CANNOT_ENABLE, nowSeconds, type TokenHarness } from '../tokens-fixtures';

/** The running harness and the signed-in owner, read when a case runs (after `beforeAll`). */
export interface TokenOwnerSuite {
  readonly h: TokenHarness;
  readonly user: ApiClient;
}

export function tokenStatusRuleCases(suite: TokenOwnerSuite): void {
  describe('status rules', () => {
    const statusOnly = (id: number, status: unknown) => suite.user.put('/api/token/?status_only=true', { id, status });

    it('switches a token off and on', async () => {
      const token = await suite.h.create(suite.user, { name: 'switch' });
      const off = await statusOnly(token.id, 2);
      expect(off.body).toMatchObject({ success: true, data: { id: token.id, status: 2 } });
      expect((await suite.h.row(token.id)).status).toBe(2);
      const on = await statusOnly(token.id, 1);
      expect(on.body).toMatchObject({ success: true, data: { status: 1 } });
      expect((await suite.h.row(token.id)).status).toBe(1);
    });

    it('accepts only 1 and 2 in a status-only update', async () => {
      const token = await suite.h.create(suite.user, { name: 'only12' });
      for (const status of [0, 3, 4, -1, 99]) {
        expect((await statusOnly(token.id, status)).body).toEqual({
          success: false,
          message: '输入不合法：令牌状态只能设置为 1（启用）或 2（禁用）',
        });
      }
      expect((await statusOnly(token.id, '2')).body.success).toBe(false);
      expect((await suite.h.row(token.id)).status).toBe(1);
    });

    it('refuses to enable an expired token until its expiry is changed', async () => {
      const token = await suite.h.create(suite.user, { name: 'expiring', expired_time: nowSeconds() + 3600 });
      await statusOnly(token.id, 2);
      await suite.h.api.query(`UPDATE tokens SET expired_time = $2 WHERE id = $1`, [token.id, nowSeconds() - 10]);
      expect((await statusOnly(token.id, 1)).body).toEqual({ success: false, message: EXPIRED_CANNOT_ENABLE });
      // A full edit asking for status 1 without a new expiry is refused the same way.
      expect((await suite.user.put('/api/token/', { id: token.id, name: 'x', status: 1 })).body).toEqual({
        success: false,
        message: EXPIRED_CANNOT_ENABLE,
      });
      expect(await suite.h.row(token.id)).toMatchObject({ status: 2, name: 'expiring' });
      // Fixing the expiry in the same edit enables it.
      const fixed = await suite.user.put('/api/token/', { id: token.id, expired_time: -1, status: 1 });
      expect(fixed.body.data).toMatchObject({ status: 1, expired_time: -1 });
    });

    it('refuses to enable an exhausted token until it gets quota or becomes unlimited', async () => {
      const token = await suite.h.create(suite.user, { name: 'spent', remain_quota: 10 });
      await statusOnly(token.id, 2);
      await suite.h.api.query(`UPDATE tokens SET remain_quota = 0, used_quota = 10 WHERE id = $1`, [token.id]);
      expect((await statusOnly(token.id, 1)).body).toEqual({ success: false, message: EXHAUSTED_CANNOT_ENABLE });
      expect((await suite.user.put('/api/token/', { id: token.id, status: 1 })).body.message).toBe(EXHAUSTED_CANNOT_ENABLE);
      const unlimited = await suite.user.put('/api/token/', { id: token.id, unlimited_quota: true });
      expect(unlimited.body.data).toMatchObject({ status: 2, unlimited_quota: true });
      expect((await statusOnly(token.id, 1)).body.data.status).toBe(1);
    });

    it('shows an enabled token that has expired or run out as 3 or 4, and an edit that fixes it as 1', async () => {
      const token = await suite.h.create(suite.user, { name: 'shown', remain_quota: 5 });
      await suite.h.api.query(`UPDATE tokens SET remain_quota = 0 WHERE id = $1`, [token.id]);
      const loaded = (await suite.user.get(`/api/token/${token.id}`)).body.data;
      expect(loaded.status).toBe(4);
      // The console sends the shown status back with its edit; the new quota makes it work again.
      const res = await suite.user.put('/api/token/', { ...loaded, remain_quota: 1_000 });
      expect(res.body.data).toMatchObject({ status: 1, remain_quota: 1_000 });
      await suite.h.api.query(`UPDATE tokens SET expired_time = 1000 WHERE id = $1`, [token.id]);
      expect((await suite.user.get(`/api/token/${token.id}`)).body.data.status).toBe(3);
      expect((await statusOnly(token.id, 1)).body.message).toBe(EXPIRED_CANNOT_ENABLE);
      expect((await statusOnly(token.id, 2)).body.data.status).toBe(2);
    });

    it('enables again a token an older writer marked expired, once its edit fixes the expiry', async () => {
      const token = await suite.h.create(suite.user, { name: 'marked' });
      await suite.h.api.query(`UPDATE tokens SET status = 3, expired_time = 1000 WHERE id = $1`, [token.id]);
      const stillExpired = await suite.user.put('/api/token/', { id: token.id, name: 'marked-2', status: 3 });
      expect(stillExpired.body.data).toMatchObject({ status: 3, name: 'marked-2' });
      const fixed = await suite.user.put('/api/token/', { id: token.id, expired_time: nowSeconds() + 60, status: 3 });
      expect(fixed.body.data.status).toBe(1);
      expect((await suite.h.row(token.id)).status).toBe(1);
    });
  });
}
