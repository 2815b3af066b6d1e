import {
  AdminSettingResponse,
  platformSettingKeys,
  PlatformSettingBody,
  PlatformSettingValueBody,
  REQUIRE_ADMIN_SECOND_FACTOR,
  settingValueProblem,
  uuidParam,
  type PlatformSettingKey,
} from '@riffline/contracts';
import { PlatformSetting, type User } from '@riffline/db';
import type { Context } from 'koa';
import { z } from 'zod';
import { writeSetting } from '../../../commands/settings/settingWriter.ts';
import type { ApiDeps } from '../../../context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../../errors.ts';
import { meetsAdminSecondFactor, type SignInStrength } from '../../../middleware/secondFactor.ts';
import { presentSetting } from '../../../presenters/platform.ts';
import { defineRoute } from '../../route.ts';
import { listQuery, pageOf } from '../listQuery.ts';

const tag = 'Admin: settings';
const ListSchema = z.object({
  query: listQuery(
    ['settingKey', 'updatedAt'],
    {
      settingKey: z.enum(platformSettingKeys, {
        error: `settingKey must be one of ${platformSettingKeys.join(', ')}`,
      }),
    },
    { dateField: 'updatedAt' },
  ),
});
const IdSchema = z.object({ params: uuidParam });
const CreateSchema = z.object({ body: PlatformSettingBody });
const UpdateSchema = z.object({ params: uuidParam, body: PlatformSettingValueBody });

const isKnown = (key: string): key is PlatformSettingKey => (platformSettingKeys as string[]).includes(key);

export const LOCKOUT_MESSAGE =
  'Set up two-factor authentication (an authenticator app) for your own account before requiring it for every admin';

/**
 * Turning `require_admin_second_factor` on is refused (409) to an admin who would not meet it: the console
 * would lock out the very admin who switched it on, and perhaps the last one.
 */
async function refuseLockout(
  ctx: Context,
  { config, db }: ApiDeps,
  settingKey: PlatformSettingKey,
  settingValue: string,
): Promise<void> {
  if (settingKey !== REQUIRE_ADMIN_SECOND_FACTOR || settingValue !== 'true') return;
  const user = ctx.state.user as User;
  if (!(await meetsAdminSecondFactor(config, db, user, ctx.session as SignInStrength | null))) {
    throw ConflictError(LOCKOUT_MESSAGE);
  }
}

export const adminSettingRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/settings',
    summary:
      'The platform settings: settingKey, settingValue, who changed each and when (ra-data-simple-rest list)',
    tag,
    audience: 'admin',
    list: true,
    request: ListSchema,
    response: z.array(AdminSettingResponse),
    handler: async (ctx, { db }) => {
      const { filter, sort, range, dates } = (ctx.state.input as z.infer<typeof ListSchema>).query;
      const query = PlatformSetting.query(db);
      if (filter.settingKey) query.where('settingKey', filter.settingKey);
      const rows = await pageOf(
        ctx,
        'settings',
        query,
        { sort, range, filter, dates },
        { field: 'settingKey', order: 'asc' },
      );
      return rows.map(presentSetting);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/admin/settings/:id',
    summary: 'One platform setting',
    tag,
    audience: 'admin',
    request: IdSchema,
    response: AdminSettingResponse,
    handler: async (ctx, { db }) => {
      const setting = await PlatformSetting.query(db).findById(
        (ctx.state.input as z.infer<typeof IdSchema>).params.id,
      );
      if (!setting) throw NotFoundError('Setting not found');
      return presentSetting(setting);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/admin/settings',
    summary:
      'Write one setting (streams_growth_percentage, earnings_growth_percentage, distribution_fee_coins: a number in its range; require_admin_second_factor: true or false, 409 when turning it on would lock out the admin who does); the change is recorded with who made it',
    tag,
    audience: 'admin',
    request: CreateSchema,
    response: AdminSettingResponse,
    errors: [409],
    handler: async (ctx, deps) => {
      const { db } = deps;
      const { body } = ctx.state.input as z.infer<typeof CreateSchema>;
      await refuseLockout(ctx, deps, body.settingKey, body.settingValue);
      return presentSetting(await writeSetting(db, ctx.state.user!, body.settingKey, body.settingValue));
    },
  }),
  defineRoute({
    method: 'put',
    path: '/admin/settings/:id',
    summary: "Change a setting's value (react-admin update: only settingValue is read)",
    tag,
    audience: 'admin',
    request: UpdateSchema,
    response: AdminSettingResponse,
    errors: [409],
    handler: async (ctx, deps) => {
      const { db } = deps;
      const { params, body } = ctx.state.input as z.infer<typeof UpdateSchema>;
      const setting = await PlatformSetting.query(db).findById(params.id);
      if (!setting) throw NotFoundError('Setting not found');
      if (!isKnown(setting.settingKey)) throw ValidationError(`${setting.settingKey} cannot be changed here`);
      const problem = settingValueProblem(setting.settingKey, body.settingValue);
      if (problem) throw ValidationError(problem);
      const value = String(body.settingValue);
      await refuseLockout(ctx, deps, setting.settingKey, value);
      return presentSetting(await writeSetting(db, ctx.state.user!, setting.settingKey, value));
    },
  }),
];
