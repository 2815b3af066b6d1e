import type { SecondFactorEnrolmentResponse, SecondFactorStatusResponse } from '@riffline/contracts';
import {
  appendEvent,
  disableSecondFactor,
  enableSecondFactor,
  findSecondFactor,
  setPendingSecondFactor,
  type Config,
  type Db,
  type User,
} from '@riffline/db';
import { ConflictError, ValidationError } from '../../errors.ts';
import {
  decryptSecret,
  encryptSecret,
  matchingTimeStep,
  newRecoveryCodes,
  newTotpSecret,
  PENDING_ENROLMENT_MS,
  recoveryCodeHash,
} from '../../identityProvider/secondFactor.ts';

/**
 * Setting up an authenticator app on an embedded-provider account: start (a new secret kept encrypted
 * until confirmed), confirm with the app's first code (the app is on, ten recovery codes are issued and
 * shown once, `user.secondFactorEnabled`), turn off (`user.secondFactorDisabled`). Users of an external
 * issuer set up their second factor there.
 */
function embeddedOnly(identity: Config['identity']) {
  if (identity.mode !== 'embedded') {
    throw ValidationError(`Two-factor authentication is managed by ${identity.providerName}`);
  }
}

export async function secondFactorStatus(
  db: Db,
  identity: Config['identity'],
  user: User,
  recentlyVerified: boolean,
): Promise<SecondFactorStatusResponse> {
  const factor = identity.mode === 'embedded' ? await findSecondFactor(db, user.id) : undefined;
  return {
    available: identity.mode === 'embedded',
    enabled: Boolean(factor?.secret),
    enabledAt: factor?.enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: factor?.secret ? factor.recoveryCodesLeft : 0,
    recentlyVerified,
  };
}

export async function startEnrolment(
  db: Db,
  identity: Config['identity'],
  user: User,
  now: Date,
): Promise<SecondFactorEnrolmentResponse> {
  embeddedOnly(identity);
  const factor = await findSecondFactor(db, user.id);
  if (!factor) throw ValidationError(`Two-factor authentication is managed by ${identity.providerName}`);
  if (factor.secret)
    throw ConflictError('Two-factor authentication is already on. Turn it off to set it up again.');
  const created = await newTotpSecret(identity.providerName, user.email ?? user.id);
  await setPendingSecondFactor(db, user.id, await encryptSecret(db, created.secret), now);
  return created;
}

const NO_SET_UP = 'Start setting up two-factor authentication again: the set-up expired or was not started';
const WRONG_CODE = 'That code is not right. Check the time on your phone and try the newest code.';

export async function confirmEnrolment(
  db: Db,
  identity: Config['identity'],
  user: User,
  code: string,
  now: Date,
): Promise<string[]> {
  embeddedOnly(identity);
  const factor = await findSecondFactor(db, user.id);
  if (factor?.secret) throw ConflictError('Two-factor authentication is already on');
  const pending = factor?.pendingSecret;
  const fresh = factor?.pendingAt && now.getTime() - factor.pendingAt.getTime() < PENDING_ENROLMENT_MS;
  if (!pending || !fresh) throw ValidationError(NO_SET_UP, [{ path: 'code', message: NO_SET_UP }]);
  const step = matchingTimeStep(await decryptSecret(db, pending), code, now);
  if (step === null) throw ValidationError(WRONG_CODE, [{ path: 'code', message: WRONG_CODE }]);
  const recoveryCodes = newRecoveryCodes();
  const enabled = await db.transaction(async (trx) => {
    const done = await enableSecondFactor(trx, user.id, {
      pendingSecret: pending,
      timeStep: step,
      recoveryCodeHashes: recoveryCodes.map(recoveryCodeHash),
      now,
    });
    if (done) {
      await appendEvent(trx, {
        type: 'user.secondFactorEnabled',
        aggregateId: user.id,
        actorId: user.id,
        payload: {},
      });
    }
    return done;
  });
  if (!enabled) throw ConflictError('Two-factor authentication is already on');
  return recoveryCodes;
}

export async function turnOffSecondFactor(
  db: Db,
  identity: Config['identity'],
  user: User,
  now: Date,
): Promise<void> {
  embeddedOnly(identity);
  await db.transaction(async (trx) => {
    if (!(await disableSecondFactor(trx, user.id, now))) return;
    await appendEvent(trx, {
      type: 'user.secondFactorDisabled',
      aggregateId: user.id,
      actorId: user.id,
      payload: {},
    });
  });
}
