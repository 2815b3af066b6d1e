import { SaxesParser } from 'saxes';

/** An element of a parsed document: its local name (no prefix), its text and its children. */
interface Node {
  name: string;
  text: string;
  children: Node[];
}

function parse(xml: string): Node {
  const parser = new SaxesParser({ xmlns: true });
  const root: Node = { name: '', text: '', children: [] };
  const stack: Node[] = [root];
  parser.on('opentag', (tag) => {
    const node: Node = { name: tag.local, text: '', children: [] };
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

const child = (node: Node | undefined, name: string) => node?.children.find((c) => c.name === name);
const children = (node: Node | undefined, name: string) =>
  node?.children.filter((c) => c.name === name) ?? [];
const text = (node: Node | undefined) => node?.text.trim() || null;

/**
 * The store's link to the release. The choreography has no element for it: a store names the release in
 * its own scheme with a ProprietaryId of the ReleaseStatus's ReleaseId, and the first of those that is a
 * web address is taken. Only http(s): the artist is shown it as a link.
 */
function storeUrlOf(releaseId: Node | undefined): string | null {
  for (const id of children(releaseId, 'ProprietaryId')) {
    const value = text(id);
    if (value && URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol)) return value;
  }
  return null;
}

export interface AcknowledgedRelease {
  /** The release's ICPN (UPC) as the store names it. */
  icpn: string | null;
  /** The store's SupplyChainStatus, e.g. SuccessfullyIngestedByReleaseDistributor. */
  status: string;
  errorText: string | null;
  /** false: the store asks for the same material again; true: someone must look first; null: not said. */
  manualCheckRequired: boolean | null;
  /** The MessageIds the status is about, each with the file statuses the store gave it (FileOK, ResourceCorrupt…). */
  messages: Array<{ messageId: string; statuses: string[] }>;
  /** The release's page at the store, when it gives one (storeUrlOf). */
  storeUrl: string | null;
}

export interface Acknowledgement {
  messageId: string | null;
  createdAt: Date | null;
  releases: AcknowledgedRelease[];
}

/**
 * A store's `AcknowledgementMessage` (the ERN choreography, DOMAIN.md), or the older
 * `FtpAcknowledgementMessage`, read for what the delivery's state needs. Throws, saying why, for anything
 * else: the file is then kept with that reason, not dropped.
 */
export function parseAcknowledgement(xml: string): Acknowledgement {
  let document: Node;
  try {
    document = parse(xml);
  } catch (error) {
    throw new Error(`It is not XML: ${(error as Error).message}`, { cause: error });
  }
  const message = document.children[0];
  if (!message || !['AcknowledgementMessage', 'FtpAcknowledgementMessage'].includes(message.name)) {
    throw new Error(`It is not an AcknowledgementMessage (its root is ${message?.name ?? 'missing'})`);
  }
  const header = child(message, 'MessageHeader');
  const created = text(child(header, 'MessageCreatedDateTime'));
  const releases = children(message, 'ReleaseStatus').map((status): AcknowledgedRelease => {
    const value = text(child(status, 'ReleaseStatus'));
    if (!value) throw new Error('A ReleaseStatus has no status');
    const manual = text(child(status, 'ManualCheckRequired'));
    const releaseId = child(status, 'ReleaseId');
    return {
      icpn: text(child(releaseId, 'ICPN')),
      status: value,
      errorText: text(child(status, 'ErrorText')),
      manualCheckRequired: manual === null ? null : manual.toLowerCase() === 'true',
      messages: children(status, 'Acknowledgement')
        .map((ack) => ({
          messageId: text(child(ack, 'MessageId')) ?? '',
          statuses: children(ack, 'MessageStatus')
            .map((s) => text(child(s, 'Status')))
            .filter((s): s is string => s !== null),
        }))
        .filter((m) => m.messageId),
      storeUrl: storeUrlOf(releaseId),
    };
  });
  return {
    messageId: text(child(header, 'MessageId')),
    createdAt: created && !Number.isNaN(Date.parse(created)) ? new Date(created) : null,
    releases,
  };
}

/** What a store's status means for the delivery (DOMAIN.md): its state, and whether to send it again. */
export function deliveryStateOf(release: AcknowledgedRelease): {
  status: 'ingested' | 'live' | 'error' | 'taken_down';
  redeliver: boolean;
} {
  if (release.status === 'ReleaseMadeAvailableToConsumers') return { status: 'live', redeliver: false };
  if (release.status === 'SuccessfullyIngestedByReleaseDistributor')
    return { status: 'ingested', redeliver: false };
  if (release.status === 'ReleaseNotAvailable' || /TakenDown|Withdrawn/i.test(release.status))
    return { status: 'taken_down', redeliver: false };
  return { status: 'error', redeliver: release.manualCheckRequired === false };
}
