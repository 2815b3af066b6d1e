import { create } from 'xmlbuilder2';
import { xmlText } from '../exports/xml.ts';

/** The ERN choreography's namespace for the manifest (ern-c-sftp, version 18). */
export const CHOREOGRAPHY_NAMESPACE = 'http://ddex.net/xml/ern-c-sftp/18';

/** What a message in a batch is, in the manifest's words. */
export interface MessageKind {
  messageType: 'NewReleaseMessage' | 'PurgeReleaseMessage';
  deliveryType: 'NewReleaseDelivery' | 'ReDelivery' | 'TakeDown';
}

export interface BatchMessage extends MessageKind {
  messageId: string;
  /** The message's path from the batch folder, e.g. `0860000123456/0860000123456.xml`. */
  url: string;
  upc: string;
  /** SHA-256 of the message file, hex. */
  sha256: string;
}

/**
 * `BatchComplete_<BatchId>.xml` (a `ManifestMessage`, DOMAIN.md): written last, so that a store that waits
 * for it never reads a batch still being written. One `MessageInBatch` per release message, with its hash.
 */
export function buildManifest(options: {
  batchId: string;
  sender: { partyId: string; name: string };
  recipient: { partyId: string };
  createdAt: Date;
  test: boolean;
  rootDirectory: string;
  messages: BatchMessage[];
}): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(
    CHOREOGRAPHY_NAMESPACE,
    'ern-c-sftp:ManifestMessage',
    {
      MessageVersionId: '18',
      AvsVersionId: '4',
    },
  );
  const header = root.ele('MessageHeader');
  const sender = header.ele('MessageSender');
  sender.ele('PartyId').txt(options.sender.partyId);
  sender.ele('PartyName').ele('FullName').txt(xmlText(options.sender.name));
  header.ele('MessageRecipient').ele('PartyId').txt(options.recipient.partyId);
  header.ele('MessageCreatedDateTime').txt(options.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'));
  root.ele('IsTestFlag').txt(String(options.test));
  root.ele('RootDirectory').txt(xmlText(options.rootDirectory));
  root.ele('NumberOfMessages').txt(String(options.messages.length));
  for (const message of options.messages) {
    const entry = root.ele('MessageInBatch');
    entry.ele('MessageType').txt(message.messageType);
    entry.ele('MessageId').txt(xmlText(message.messageId));
    entry.ele('URL').txt(xmlText(message.url));
    entry.ele('IncludedReleaseId').ele('ICPN').txt(message.upc);
    entry.ele('DeliveryType').txt(message.deliveryType);
    entry.ele('ProductType').txt('AudioProduct');
    const hash = entry.ele('HashSum');
    hash.ele('HashSumValue').txt(message.sha256);
    hash.ele('HashSumAlgorithmType').txt('SHA-256');
  }
  return root.end({ prettyPrint: true });
}
