import { Application } from '@riffline/db';
import { submitApplication } from '../../../commands/applications/applicationSubmitter.ts';
import { presentApplication } from '../../../presenters/application.ts';
import type { Handler } from '../../route.ts';
import type { SubmitApplicationInput } from './schema.ts';

export const submit: Handler<SubmitApplicationInput> = async (ctx, { db }) => {
  const application = await submitApplication(db, ctx.state.user!, ctx.state.input.body);
  return presentApplication(application);
};

/** The signed-in user's latest application (the 'Application Under Review' screen), or null. */
export const mine: Handler<unknown> = async (ctx, { db }) => {
  const latest = await Application.query(db)
    .where({ userId: ctx.state.user!.id })
    .orderBy('createdAt', 'desc')
    .first();
  return { application: latest ? presentApplication(latest) : null };
};
