/**
 * A store on loopback for the delivery tests (docs/delivery.md). It reads its drop box as a store reads its
 * own server, over SFTP (infra/sftp/sftp.ts) or S3 (infra/s3/s3.ts) alike: it takes a batch only once its
 * manifest is there, validates each message against the ERN 4.3 schema (xmllint), and writes
 * `AcknowledgementMessage`s into the drop box's `acknowledgements/` folder: ingested, then live when told,
 * with the release's page on a tiny HTTP server of its own; or, when told to fail, a corrupt resource
 * (ManualCheckRequired=false: send it again) or an invalid message with its reason.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path/posix';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SaxesParser } from 'saxes';
import { create } from 'xmlbuilder2';
import type { LocalS3 } from '../../infra/s3/s3.ts';
import type { LocalSftp } from '../../infra/sftp/sftp.ts';
import { connectSftp } from '../../workers/src/delivery/dropBox.ts';
import type { SchemaCheck } from './xmllint.ts';

const NAMESPACE = 'http://ddex.net/xml/ern-c-sftp/18';
const ACKNOWLEDGEMENTS = 'acknowledgements';

/** Where the test store's drop box is: a folder of the SFTP server's login, or a prefix of the bucket. */
export type StoreDropBox =
  { protocol: 'sftp'; sftp: LocalSftp; folder: string } | { protocol: 's3'; s3: LocalS3; folder: string };

/** How the test is telling the store to answer the next messages it takes. */
export type StoreAnswer = 'ok' | 'corrupt' | 'invalid';

export interface ReceivedMessage {
  batchId: string;
  messageId: string;
  upc: string;
}

/** A message the store took from a complete batch, with what its answer may depend on. */
export interface TakenMessage extends ReceivedMessage {
  /** The manifest's MessageType and DeliveryType (NewReleaseMessage, NewReleaseDelivery, TakeDown…). */
  messageType: string;
  deliveryType: string;
  /** The release's DisplayTitleText, for its page once live. */
  title: string;
  xml: string;
}

/** What the store says about one message: a `ReleaseStatus` of its acknowledgement. */
export interface Answer {
  /** The ReleaseStatus (SupplyChainStatus). */
  status: string;
  /** The message's file Status (FileOK, ResourceCorrupt, NewReleaseMessageInvalid…). */
  fileStatus: string;
  errorText?: string;
  manualCheckRequired?: boolean;
  /** The release's page at the store: a ProprietaryId of its ReleaseId (docs/delivery.md, "The store's link"). */
  storeUrl?: string;
}

/**
 * How the store answers a message it took, as the test told it to, once xmllint has checked it. The one
 * place the store decides: answers for other messages (a takedown, a purge) belong here too.
 */
export function answerFor(
  message: TakenMessage,
  told: StoreAnswer,
  schema: SchemaCheck,
  now = new Date(),
): Answer {
  if (!schema.valid || told === 'invalid') {
    return {
      status: 'ProcessingErrorAtReleaseDistributor',
      fileStatus: 'NewReleaseMessageInvalid',
      errorText: schema.valid
        ? 'The release has no territory the store sells in.'
        : (schema.output.split('\n')[0] ?? 'The message is not valid.'),
      manualCheckRequired: true,
    };
  }
  if (told === 'corrupt') {
    return {
      status: 'ProcessingErrorAtReleaseDistributor',
      fileStatus: 'ResourceCorrupt',
      errorText: 'The audio file resources/01.wav could not be decoded.',
      manualCheckRequired: false,
    };
  }
  // A purge, or a takedown whose deals have all ended: the store no longer offers the release.
  const end = dealsEndAt(message.xml);
  if (message.messageType === 'PurgeReleaseMessage' || (end && end <= now)) return removedAnswer;
  return { status: 'SuccessfullyIngestedByReleaseDistributor', fileStatus: 'FileOK' };
}

/** The answer once the store no longer offers a release (taken down, purged). */
const removedAnswer: Answer = { status: 'ReleaseNotAvailable', fileStatus: 'FileOK' };

/** When every deal of a message ends (a takedown everywhere): the last EndDateTime; else null. */
export function dealsEndAt(xml: string): Date | null {
  const periods = (xml.match(/<ValidityPeriod>/g) ?? []).length;
  const ends = [...xml.matchAll(/<EndDateTime>([^<]+)<\/EndDateTime>/g)].map((m) => Date.parse(m[1]!));
  if (!periods || ends.length !== periods) return null;
  return new Date(Math.max(...ends));
}

/** The answer once the store puts a release out, with its page. */
export const liveAnswer = (storeUrl: string): Answer => ({
  status: 'ReleaseMadeAvailableToConsumers',
  fileStatus: 'FileOK',
  storeUrl,
});

/** The store's own server: the few things it does with its drop box. */
interface Server {
  /** The sub-folders and the files directly in a folder (nothing when it does not exist). */
  entries(folder: string): Promise<{ folders: string[]; files: string[] }>;
  read(file: string): Promise<Buffer>;
  write(file: string, body: string): Promise<void>;
  close(): Promise<void>;
}

async function sftpServer(sftp: LocalSftp): Promise<Server> {
  const client = await connectSftp({
    host: sftp.host,
    port: sftp.port,
    username: sftp.username,
    privateKey: sftp.privateKey,
  });
  return {
    async entries(folder) {
      if ((await client.exists(folder)) !== 'd') return { folders: [], files: [] };
      const listed = await client.list(folder);
      return {
        folders: listed.filter((e) => e.type === 'd').map((e) => e.name),
        files: listed.filter((e) => e.type === '-').map((e) => e.name),
      };
    },
    async read(file) {
      return (await client.get(file)) as Buffer;
    },
    async write(file, body) {
      await client.mkdir(path.dirname(file), true);
      // Renamed once whole: the distributor reading the folder meanwhile never sees half a file.
      await client.put(Buffer.from(body), `${file}.part`);
      await client.rename(`${file}.part`, file);
    },
    async close() {
      await client.end();
    },
  };
}

function s3Server(s3: LocalS3): Server {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  const key = (file: string) => path.normalize(file).replace(/^\.\//, '');
  return {
    async entries(folder) {
      // Every key under the folder, not a Delimiter listing: s3rver's leaves out a sub-folder whose
      // objects all lie deeper (a batch cut before its manifest), which S3 itself lists.
      const prefix = `${key(folder)}/`;
      const folders = new Set<string>();
      const files: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          const [first, ...rest] = object.Key!.slice(prefix.length).split('/');
          if (rest.length) folders.add(first!);
          else if (first) files.push(first);
        }
        token = page.NextContinuationToken;
      } while (token);
      return { folders: [...folders], files };
    },
    async read(file) {
      const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key(file) }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async write(file, body) {
      await client.send(
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: key(file),
          Body: body,
          ContentType: 'application/xml',
        }),
      );
    },
    async close() {
      client.destroy();
    },
  };
}

/** An element of a parsed document, by local name (the test store reads XML as any store would). */
interface XmlNode {
  name: string;
  text: string;
  children: XmlNode[];
}

function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlNode = { name: '', text: '', children: [] };
  const stack = [root];
  parser.on('opentag', (tag) => {
    const node: XmlNode = { name: tag.local, text: '', children: [] };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('text', (text) => {
    stack.at(-1)!.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(xml).close();
  return root;
}

/** The text of the first element down this path of local names, or ''. */
function textAt(node: XmlNode | undefined, ...names: string[]): string {
  for (const name of names) node = node?.children.find((c) => c.name === name);
  return node?.text.trim() ?? '';
}

/** The main release's title in an ERN message; '' when it has none (xmllint then says why). */
function titleOf(xml: string): string {
  try {
    return textAt(parseXml(xml).children[0], 'ReleaseList', 'Release', 'DisplayTitleText');
  } catch {
    return '';
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface LivePage {
  upc: string;
  title: string;
  url: string;
}

export interface TestStore {
  /** Every message the store took, in order. */
  received: ReceivedMessage[];
  /** Where the store's pages are: `<origin>/releases/<UPC>`. */
  origin: string;
  /**
   * Takes the new complete batches and acknowledges each message as `answer` says (or as xmllint finds
   * it), one acknowledgement file per message. Answers how many messages it took.
   */
  acknowledge(answer?: StoreAnswer, madeAt?: Date): Promise<number>;
  /**
   * Answers again every message it took, as `answer` says: an acknowledgement the store made at `madeAt`
   * (say, before the latest) and wrote late. Takes no new batch.
   */
  acknowledgeAgain(answer: StoreAnswer, madeAt: Date): Promise<void>;
  /**
   * The store puts out every release it ingested and did not put out yet, and the latest update of one it
   * has out: its page answers from now on, and one acknowledgement says ReleaseMadeAvailableToConsumers
   * for each message, with the page's URL.
   */
  goLive(madeAt?: Date): Promise<LivePage[]>;
  /** The store's clock reaches `now`: the takedowns due are done, each acknowledged ReleaseNotAvailable. */
  passTime(now: Date, madeAt?: Date): Promise<number>;
  /** A file in the acknowledgements folder that is no acknowledgement. */
  writeGarbage(name?: string): Promise<void>;
  /** Closes its connection to the drop box and stops the pages' server. */
  close(): Promise<void>;
}

/**
 * A test store on this drop box, its pages served on a free port of 127.0.0.1. `validate: false` takes
 * every message as valid without xmllint (`make start`'s demo store on a machine without it).
 */
export async function testStore(
  dropBox: StoreDropBox,
  { dpid = 'PADPIDA2014101001U', validate = true }: { dpid?: string; validate?: boolean } = {},
): Promise<TestStore> {
  // Loaded only when used: the module warns when xmllint is missing, which then concerns nobody.
  const validateErn = validate ? (await import('./xmllint.ts')).validateErn : null;
  const seen = new Set<string>();
  const received: ReceivedMessage[] = [];
  /** Every message taken, with what xmllint said of it (checked once: xmllint takes a while). */
  const taken: Array<{ message: TakenMessage; schema: SchemaCheck }> = [];
  /** The latest message ingested per UPC, and the pages of the releases put out. */
  const ingested = new Map<string, TakenMessage>();
  const live = new Map<string, LivePage>();
  /** The MessageIds whose release (or update) the store said it put out. */
  const announced = new Set<string>();
  /** Takedowns the store took that end at a date to come, by MessageId. */
  const scheduled = new Map<string, { message: TakenMessage; end: Date }>();
  let written = 0;
  /** A release the store no longer offers: its page goes, and goLive never puts it out again. */
  const forget = (upc: string) => {
    live.delete(upc);
    ingested.delete(upc);
  };

  const pages = http.createServer((request, response) => {
    const upc = /^\/releases\/(\d+)$/.exec(request.url ?? '')?.[1];
    const page = upc ? live.get(upc) : undefined;
    if (request.method !== 'GET' || !page) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const title = escapeHtml(page.title);
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><title>${title}</title><h1>${title}</h1>`);
  });
  // Port 0: the kernel's free port, with no window between finding it and taking it.
  await new Promise<void>((resolve, reject) => {
    pages.once('error', reject);
    pages.listen(0, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;

  // One connection for the store's life (an SFTP login costs half a second), opened at its first look and
  // opened anew after a failure, so that a server restarted under it is reached again.
  let connection: Promise<Server> | undefined;
  async function session<T>(work: (server: Server) => Promise<T>): Promise<T> {
    connection ??=
      dropBox.protocol === 'sftp' ? sftpServer(dropBox.sftp) : Promise.resolve(s3Server(dropBox.s3));
    const opening = connection;
    try {
      return await work(await opening);
    } catch (error) {
      connection = undefined;
      await (await opening.catch(() => undefined))?.close().catch(() => undefined);
      throw error;
    }
  }

  /** The messages of the batches whose manifest is there and that were not taken yet. */
  async function takeBatches(server: Server): Promise<TakenMessage[]> {
    const found: TakenMessage[] = [];
    const { folders } = await server.entries(dropBox.folder);
    for (const folder of folders.filter((f) => /^[PNL]_/.test(f)).sort()) {
      // The release-by-release profile: `N_<UPC>_<BatchId>/`, whole once its message is there.
      const single = /^[PNL]_(\d+)_(\d{17})$/.exec(folder);
      if (single) {
        const [, upc, batchId] = single as unknown as [string, string, string];
        const dir = path.join(dropBox.folder, folder);
        if (seen.has(folder) || !(await server.entries(dir)).files.includes(`${upc}.xml`)) continue;
        seen.add(folder);
        const xml = (await server.read(path.join(dir, `${upc}.xml`))).toString('utf8');
        const message = parseXml(xml).children[0];
        const messageType = message?.name ?? '';
        const takedown = messageType === 'PurgeReleaseMessage' || /<EndDateTime>/.test(xml);
        found.push({
          batchId,
          messageId: textAt(message, 'MessageHeader', 'MessageId'),
          upc,
          messageType,
          deliveryType: takedown ? 'TakeDown' : 'NewReleaseDelivery',
          title: titleOf(xml),
          xml,
        });
        continue;
      }
      const batchId = folder.slice(2);
      const batch = path.join(dropBox.folder, folder);
      const manifestName = `BatchComplete_${batchId}.xml`;
      if (seen.has(folder) || !(await server.entries(batch)).files.includes(manifestName)) continue;
      seen.add(folder);
      const manifest = parseXml((await server.read(path.join(batch, manifestName))).toString('utf8'));
      const entries = manifest.children[0]?.children.filter((c) => c.name === 'MessageInBatch') ?? [];
      for (const entry of entries) {
        const xml = (await server.read(path.join(batch, textAt(entry, 'URL')))).toString('utf8');
        found.push({
          batchId,
          messageId: textAt(entry, 'MessageId'),
          upc: textAt(entry, 'IncludedReleaseId', 'ICPN'),
          messageType: textAt(entry, 'MessageType'),
          deliveryType: textAt(entry, 'DeliveryType'),
          title: titleOf(xml),
          xml,
        });
      }
    }
    return found;
  }

  /** One acknowledgement file with a ReleaseStatus per message answered. */
  async function writeAcknowledgement(
    server: Server,
    answered: Array<{ message: TakenMessage; answer: Answer }>,
    madeAt = new Date(),
  ) {
    const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(NAMESPACE, 'ernc:AcknowledgementMessage', {
      AvsVersionId: '4',
    });
    const header = root.ele('MessageHeader');
    header.ele('MessageId').txt(`ACK-${Date.now()}-${++written}`);
    header.ele('MessageSender').ele('PartyId').txt(dpid);
    header.ele('MessageRecipient').ele('PartyId').txt('PADPIDA0RIFFLINE0');
    header.ele('MessageCreatedDateTime').txt(madeAt.toISOString());
    for (const { message, answer } of answered) {
      // In the schema's order: ReleaseId (ICPN, then ProprietaryId), ReleaseStatus, ErrorText,
      // ManualCheckRequired, Acknowledgement.
      const release = root.ele('ReleaseStatus');
      const releaseId = release.ele('ReleaseId');
      releaseId.ele('ICPN').txt(message.upc);
      if (answer.storeUrl) releaseId.ele('ProprietaryId', { Namespace: `DPID:${dpid}` }).txt(answer.storeUrl);
      release.ele('ReleaseStatus').txt(answer.status);
      if (answer.errorText) release.ele('ErrorText').txt(answer.errorText);
      if (answer.manualCheckRequired !== undefined)
        release.ele('ManualCheckRequired').txt(String(answer.manualCheckRequired));
      const ack = release.ele('Acknowledgement');
      ack.ele('MessageType').txt(message.messageType || 'NewReleaseMessage');
      ack.ele('BatchId').txt(message.batchId);
      ack.ele('MessageId').txt(message.messageId);
      ack.ele('MessageStatus').ele('Status').txt(answer.fileStatus);
    }
    const name = `ACK_${String(written).padStart(4, '0')}_${madeAt.getTime()}.xml`;
    await server.write(path.join(dropBox.folder, ACKNOWLEDGEMENTS, name), root.end({ prettyPrint: true }));
  }

  return {
    received,
    origin,
    acknowledge(told = 'ok', madeAt) {
      return session(async (server) => {
        const batches = await takeBatches(server);
        for (const message of batches) {
          const schema: SchemaCheck = validateErn
            ? validateErn([message.xml])
            : { valid: true, output: 'not validated' };
          taken.push({ message, schema });
          received.push({ batchId: message.batchId, messageId: message.messageId, upc: message.upc });
          const answer = answerFor(message, told, schema);
          const end = dealsEndAt(message.xml);
          if (answer === removedAnswer) forget(message.upc);
          else if (answer.status === 'SuccessfullyIngestedByReleaseDistributor') {
            if (end) scheduled.set(message.messageId, { message, end });
            else if (message.deliveryType !== 'TakeDown') {
              ingested.set(message.upc, message);
              // An update of a release already out: its page shows the corrected title.
              const page = live.get(message.upc);
              if (page) live.set(message.upc, { ...page, title: message.title });
            }
          }
          await writeAcknowledgement(server, [{ message, answer }], madeAt);
        }
        return batches.length;
      });
    },
    acknowledgeAgain(told, madeAt) {
      return session(async (server) => {
        for (const { message, schema } of taken)
          await writeAcknowledgement(server, [{ message, answer: answerFor(message, told, schema) }], madeAt);
      });
    },
    async goLive(madeAt) {
      const out = [...ingested.values()].filter((m) => !announced.has(m.messageId));
      if (!out.length) return [];
      const put = out.map((message) => ({
        message,
        page: { upc: message.upc, title: message.title, url: `${origin}/releases/${message.upc}` },
      }));
      // The pages answer before the store says so: the distributor may open the link at once.
      for (const { message, page } of put) {
        live.set(page.upc, page);
        announced.add(message.messageId);
      }
      await session((server) =>
        writeAcknowledgement(
          server,
          put.map(({ message, page }) => ({ message, answer: liveAnswer(page.url) })),
          madeAt,
        ),
      );
      return put.map(({ page }) => page);
    },
    /** The store's clock reaches `now`: the releases whose takedown date came are no longer offered. */
    passTime(now: Date, madeAt?: Date) {
      const due = [...scheduled.values()].filter(({ end }) => end <= now);
      for (const { message } of due) {
        scheduled.delete(message.messageId);
        forget(message.upc);
      }
      if (!due.length) return Promise.resolve(0);
      return session(async (server) => {
        await writeAcknowledgement(
          server,
          due.map(({ message }) => ({ message, answer: removedAnswer })),
          madeAt,
        );
        return due.length;
      });
    },
    writeGarbage(name = 'ACK_garbage.xml') {
      return session((server) =>
        server.write(
          path.join(dropBox.folder, ACKNOWLEDGEMENTS, name),
          '<html><body>Service Unavailable</body></html>',
        ),
      );
    },
    async close() {
      const open = connection;
      connection = undefined;
      await (await open?.catch(() => undefined))?.close();
      pages.closeAllConnections();
      await new Promise<void>((resolve) => pages.close(() => resolve()));
    },
  };
}
