import {
  AdminSettingResponse,
  platformSettingKeys,
  PlatformSettingBody,
  PlatformSettingValueBody,
  settingValueProblem,
  uuidParam,
  type PlatformSettingKey,
} from '@riffline/contracts';
import { PlatformSetting } from '@riffline/db';
import { z } from 'zod';
import { writeSetting } from '../../../commands/settings/settingWriter.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
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
      'Write one setting (streams_growth_percentage, earnings_growth_percentage, distribution_fee_coins): a number in its range; the change is recorded with who made it',
    tag,
    audience: 'admin',
    request: CreateSchema,
    response: AdminSettingResponse,
    handler: async (ctx, { db }) => {
      const { body } = ctx.state.input as z.infer<typeof CreateSchema>;
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
    handler: async (ctx, { db }) => {
      const { params, body } = ctx.state.input as z.infer<typeof UpdateSchema>;
      const setting = await PlatformSetting.query(db).findById(params.id);
      if (!setting) throw NotFoundError('Setting not found');
      if (!isKnown(setting.settingKey)) throw ValidationError(`${setting.settingKey} cannot be changed here`);
      const problem = settingValueProblem(setting.settingKey, body.settingValue);
      if (problem) throw ValidationError(problem);
      return presentSetting(await writeSetting(db, ctx.state.user!, setting.settingKey, body.settingValue));
    },
  }),
];
