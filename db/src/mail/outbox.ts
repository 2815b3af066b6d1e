import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** A message the embedded setup "sent": kept as JSON in `<DATA_DIR>/mail/` instead of leaving the machine. */
export const OutboxMessage = z.object({
  messageId: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  listUnsubscribe: z.string().optional(),
  sentAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export async function writeToOutbox(
  dir: string,
  message: Omit<OutboxMessage, 'messageId' | 'sentAt'>,
  sentAt = new Date(),
  messageId?: string,
): Promise<OutboxMessage> {
  await fs.mkdir(dir, { recursive: true });
  const stored = {
    messageId: messageId ?? `${sentAt.getTime()}-${Math.random().toString(36).slice(2, 10)}`,
    sentAt: sentAt.toISOString(),
    ...message,
  };
  // Written under a temporary name and renamed, so a reader never sees half a message. A given message
  // id is one file: the same message written again (a resend) replaces it.
  const file = path.join(dir, `${stored.messageId.replace(/[^A-Za-z0-9._-]/g, '_')}.json`);
  await fs.writeFile(`${file}.tmp`, JSON.stringify(stored, null, 2));
  await fs.rename(`${file}.tmp`, file);
  return stored;
}

/** The outbox's messages, newest first; files that are not messages are passed over. */
export async function readOutbox(dir: string): Promise<OutboxMessage[]> {
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const messages: OutboxMessage[] = [];
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const parsed = OutboxMessage.safeParse(
      JSON.parse(await fs.readFile(path.join(dir, name), 'utf8').catch(() => 'null')),
    );
    if (parsed.success) messages.push(parsed.data);
  }
  return messages.sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.messageId.localeCompare(a.messageId));
}
