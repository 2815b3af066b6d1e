import type { PlatformSettingKey } from '@riffline/contracts';
import { appendEvent, PlatformSetting, type Db, type User } from '@riffline/db';

/**
 * Writes one platform setting (created if it is not stored yet) with who changed it, and appends
 * `setting.changed` with the value it had before, in one transaction. Writing the value it already has
 * changes nothing and appends nothing.
 */
export async function writeSetting(
  db: Db,
  admin: User,
  settingKey: PlatformSettingKey,
  settingValue: string,
): Promise<PlatformSetting> {
  return db.transaction(async (trx) => {
    const existing = await PlatformSetting.query(trx).findOne({ settingKey }).forUpdate();
    if (existing && existing.settingValue === settingValue) return existing;
    const setting = existing
      ? await PlatformSetting.query(trx).patchAndFetchById(existing.id, { settingValue, updatedBy: admin.id })
      : await PlatformSetting.query(trx)
          .insert({ settingKey, settingValue, updatedBy: admin.id })
          .onConflict('settingKey')
          .merge(['settingValue', 'updatedBy', 'updatedAt'])
          .returning('*');
    await appendEvent(trx, {
      type: 'setting.changed',
      aggregateId: setting.id,
      actorId: admin.id,
      payload: { settingKey, settingValue, previousValue: existing?.settingValue ?? null },
    });
    return setting;
  });
}
