import {
  claimNextMail,
  markMailFailed,
  markMailSent,
  nextMailDueInMs,
  purgeSentMail,
  releaseMail,
  type Db,
  type DueMail,
  type Mailer,
} from '@riffline/db';
import type { Logger } from 'pino';

export interface MailDeliveryOptions {
  /**
   * How long a taken message is ours; past it another delivery (or ours after a restart) may send it. Short:
   * it covers one send, and it is how long the mail of a killed process waits.
   */
  leaseMs?: number;
  /** How long one send may take before it counts as failed; under the lease (half of it by default). */
  sendTimeoutMs?: number;
  /** Attempts in all before a message is given up as `failed`. */
  maxAttempts?: number;
  /** The pause after the `attempt`-th failed send. */
  retryDelayMs?(attempt: number): number;
  /** How long sent messages (personal data) are kept. */
  keepSentMs?: number;
}

/** 5 s after the first failure, doubling, at most 15 minutes: ten attempts span about 40 minutes. */
const defaultRetryDelay = (attempt: number) => Math.min(5_000 * 2 ** (attempt - 1), 15 * 60_000);

export interface MailDelivery {
  /** New mail has committed: send it now. */
  wake(): void;
  /** Ends after the message being sent (if any); what is left stays pending for the next start. */
  stop(): Promise<void>;
}

/**
 * Sends the mail consumers recorded in `mail_deliveries`, after their transactions committed, with no
 * transaction open while it talks to the mail server (PGlite has one connection; a slow SMTP server must
 * never hold it). It takes one message at a time under a short lease, sends it under its fixed Message-ID,
 * and then marks it sent: should the database be away just then, it does nothing else until the mark is
 * recorded, so a database outage does not send a message twice. Only a crash between the send and the mark
 * sends it once more, the same message, when the lease ends; a message taken by a process that died goes
 * out when its lease ends, seconds later.
 *
 * It does not poll. It runs once at start (mail left by a crash or a stop), then when woken (a consumer
 * committed mail: `ConsumerGroup.delivered`), and at the one moment it knows work becomes due: the retry
 * time of a failed send or the end of another delivery's lease. While the database is away it tries again
 * after a growing pause.
 */
export function startMailDelivery(
  db: Db,
  mailer: Mailer,
  logger: Logger,
  options: MailDeliveryOptions = {},
): MailDelivery {
  const leaseMs = options.leaseMs ?? 30_000;
  const sendTimeoutMs = options.sendTimeoutMs ?? leaseMs / 2;
  if (!(sendTimeoutMs < leaseMs)) throw new Error('mail: the send timeout must be shorter than the lease');
  const maxAttempts = options.maxAttempts ?? 10;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelay;
  const keepSentMs = options.keepSentMs ?? 30 * 24 * 3_600_000;
  const purgeEveryMs = 3_600_000;
  const stopGraceMs = 5_000;

  let stopping = false;
  /** Set once stop() has waited its grace: a mark still being retried then gives up. */
  let abandoned = false;
  let woken = false;
  let backingOff = false;
  let interrupt: (() => void) | null = null;
  let lastPurge = 0;

  const sendOne = async (mail: DueMail) => {
    try {
      await withTimeout(
        mailer.send({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.listUnsubscribe ? { listUnsubscribe: mail.listUnsubscribe } : {}),
          messageId: mail.messageId,
        }),
        sendTimeoutMs,
      );
    } catch (error) {
      const retryInMs = mail.attempts >= maxAttempts ? null : retryDelayMs(mail.attempts);
      await markMailFailed(db, mail.id, String(error instanceof Error ? error.message : error), retryInMs);
      const context = { err: error, mail: mail.id, messageId: mail.messageId, attempts: mail.attempts };
      if (retryInMs === null) logger.error(context, 'mail: sending failed, giving up');
      else logger.warn({ ...context, retryInMs }, 'mail: sending failed, retrying');
      return;
    }
    await markSent(mail);
  };

  /**
   * The message went out: until the database has it marked sent, nothing else happens here (no other
   * message is taken, so this delivery cannot send it again). It is retried at a short pause so that the
   * mark lands as soon as the database is back, before the lease's end lets another delivery take it.
   */
  const markSent = async (mail: DueMail) => {
    for (let failures = 1; ; failures++) {
      try {
        await markMailSent(db, mail.id);
        if (failures > 1) logger.info({ mail: mail.id }, 'mail: the send is recorded');
        return;
      } catch (error) {
        if (abandoned) throw error;
        const context = { err: error, mail: mail.id, messageId: mail.messageId, failures };
        logger.error(context, 'mail: sent, but the database did not record it; retrying');
        await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** failures, 1_000)).unref());
      }
    }
  };

  /** Sends what is due; answers how long until more is (0: at once, null: nothing pending). */
  const step = async (): Promise<number | null> => {
    if (Date.now() - lastPurge > purgeEveryMs) {
      await purgeSentMail(db, keepSentMs);
      lastPurge = Date.now();
    }
    const mail = await claimNextMail(db, { leaseMs });
    if (!mail) return nextMailDueInMs(db);
    if (stopping) {
      // Not tried: given back, so the next start sends it at once rather than after the lease.
      await releaseMail(db, mail.id);
      return null;
    }
    await sendOne(mail);
    return 0;
  };

  const done = (async () => {
    let failures = 0;
    while (!stopping) {
      woken = false;
      let waitMs: number | null;
      try {
        waitMs = await step();
        failures = 0;
      } catch (error) {
        if (stopping) break;
        failures += 1;
        waitMs = Math.min(250 * 2 ** (failures - 1), 5_000);
        logger.error({ err: error, failures }, 'mail: the delivery failed, retrying');
      }
      if (stopping) break;
      backingOff = failures > 0;
      // A wake during the step may be mail the step did not see: look again (unless backing off).
      if (waitMs === 0 || (woken && !failures)) continue;
      await new Promise<void>((resolve) => {
        // setTimeout waits at most about 24.8 days: a later due time is looked at again then.
        const timer = waitMs === null ? null : setTimeout(resolve, Math.min(waitMs, 2 ** 31 - 1));
        interrupt = () => {
          if (timer) clearTimeout(timer);
          resolve();
        };
        if (stopping) interrupt();
      });
      interrupt = null;
    }
  })();

  return {
    wake() {
      woken = true;
      // New mail does not make a database that is away answer sooner.
      if (!backingOff) (interrupt as (() => void) | null)?.();
    },
    async stop() {
      stopping = true;
      (interrupt as (() => void) | null)?.();
      // A send under way gets a moment to finish and be marked; one cut off is sent again after its lease.
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, stopGraceMs).unref())]);
      abandoned = true;
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sending took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
