import {
  claimDueMail,
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
  /** Messages taken at once. */
  batchSize?: number;
  /** How long a taken message is ours; past it another delivery (or ours after a restart) may resend it. */
  leaseMs?: number;
  /** How long one send may take before it counts as failed (it stays well inside the lease). */
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
 * never hold it). Each message is sent under its fixed Message-ID and then marked sent; a crash between
 * the two leaves it leased, and it is sent once more, the same message, when the lease ends.
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
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const sendTimeoutMs = options.sendTimeoutMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 10;
  const retryDelayMs = options.retryDelayMs ?? defaultRetryDelay;
  const keepSentMs = options.keepSentMs ?? 30 * 24 * 3_600_000;
  const purgeEveryMs = 3_600_000;
  const stopGraceMs = 5_000;

  let stopping = false;
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
    await markMailSent(db, mail.id);
  };

  /** Sends what is due; answers how long until more is (0: at once, null: nothing pending). */
  const step = async (): Promise<number | null> => {
    if (Date.now() - lastPurge > purgeEveryMs) {
      await purgeSentMail(db, keepSentMs);
      lastPurge = Date.now();
    }
    const due = await claimDueMail(db, { limit: batchSize, leaseMs });
    for (const [i, mail] of due.entries()) {
      if (stopping) {
        // Not tried: given back, so the next start sends them at once rather than after the lease.
        await releaseMail(
          db,
          due.slice(i).map((m) => m.id),
        );
        return null;
      }
      await sendOne(mail);
    }
    if (due.length === batchSize) return 0;
    return nextMailDueInMs(db);
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
