/**
 * A store on loopback for the delivery tests (docs/delivery.md): it reads a drop box's folder on disk as a
 * store reads its own SFTP server, takes a batch only once its manifest is there, validates each message
 * against the ERN 4.3 schema (xmllint), and writes `AcknowledgementMessage`s into the drop box's
 * `acknowledgements/` folder: ingested, then live when told; or, when told to fail, a corrupt resource
 * (ManualCheckRequired=false: send it again) or an invalid message with its reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { create } from 'xmlbuilder2';
import { validateErn } from './xmllint.ts';

const NAMESPACE = 'http://ddex.net/xml/ern-c-sftp/18';

export type StoreAnswer = 'ok' | 'corrupt' | 'invalid';

export interface ReceivedMessage {
  batchId: string;
  messageId: string;
  upc: string;
}

export function testStore(dropBox: string, dpid = 'PADPIDA2014101001U') {
  const seen = new Set<string>();
  const received: ReceivedMessage[] = [];
  let written = 0;

  /** The messages of the batches whose manifest is there and that were not taken yet. */
  function takeBatches(): Array<ReceivedMessage & { xml: string }> {
    if (!fs.existsSync(dropBox)) return [];
    const taken: Array<ReceivedMessage & { xml: string }> = [];
    for (const folder of fs
      .readdirSync(dropBox)
      .filter((f) => f.startsWith('N_'))
      .sort()) {
      const batchId = folder.slice(2);
      const manifest = path.join(dropBox, folder, `BatchComplete_${batchId}.xml`);
      if (seen.has(folder) || !fs.existsSync(manifest)) continue;
      seen.add(folder);
      const text = fs.readFileSync(manifest, 'utf8');
      const entries = [
        ...text.matchAll(
          /<MessageInBatch>[\s\S]*?<MessageId>([^<]+)<\/MessageId>[\s\S]*?<URL>([^<]+)<\/URL>[\s\S]*?<ICPN>([^<]+)<\/ICPN>/g,
        ),
      ];
      for (const [, messageId, url, upc] of entries) {
        const xml = fs.readFileSync(path.join(dropBox, folder, url!), 'utf8');
        taken.push({ batchId, messageId: messageId!, upc: upc!, xml });
      }
    }
    return taken;
  }

  function write(
    messages: ReceivedMessage[],
    status: string,
    extra: (m: ReceivedMessage) => {
      errorText?: string;
      manualCheckRequired?: boolean;
      fileStatus: string;
    },
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
    for (const message of messages) {
      const { errorText, manualCheckRequired, fileStatus } = extra(message);
      const release = root.ele('ReleaseStatus');
      release.ele('ReleaseId').ele('ICPN').txt(message.upc);
      release.ele('ReleaseStatus').txt(status);
      if (errorText) release.ele('ErrorText').txt(errorText);
      if (manualCheckRequired !== undefined)
        release.ele('ManualCheckRequired').txt(String(manualCheckRequired));
      const ack = release.ele('Acknowledgement');
      ack.ele('MessageType').txt('NewReleaseMessage');
      ack.ele('BatchId').txt(message.batchId);
      ack.ele('MessageId').txt(message.messageId);
      ack.ele('MessageStatus').ele('Status').txt(fileStatus);
    }
    const folder = path.join(dropBox, 'acknowledgements');
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `ACK_${String(written).padStart(4, '0')}_${madeAt.getTime()}.xml`);
    fs.writeFileSync(file, root.end({ prettyPrint: true }), { mode: 0o644 });
    return file;
  }

  return {
    received,
    /** Takes the new complete batches and acknowledges each message as `answer` says (or as xmllint finds it). */
    acknowledge(answer: StoreAnswer = 'ok', madeAt?: Date) {
      const taken = takeBatches();
      for (const message of taken) {
        received.push({ batchId: message.batchId, messageId: message.messageId, upc: message.upc });
        const check = validateErn([message.xml]);
        if (!check.valid || answer === 'invalid') {
          write(
            [message],
            'ProcessingErrorAtReleaseDistributor',
            () => ({
              errorText: check.valid
                ? 'The release has no territory the store sells in.'
                : check.output.split('\n')[0],
              manualCheckRequired: true,
              fileStatus: 'NewReleaseMessageInvalid',
            }),
            madeAt,
          );
        } else if (answer === 'corrupt') {
          write(
            [message],
            'ProcessingErrorAtReleaseDistributor',
            () => ({
              errorText: 'The audio file resources/01.wav could not be decoded.',
              manualCheckRequired: false,
              fileStatus: 'ResourceCorrupt',
            }),
            madeAt,
          );
        } else {
          write(
            [message],
            'SuccessfullyIngestedByReleaseDistributor',
            () => ({ fileStatus: 'FileOK' }),
            madeAt,
          );
        }
      }
      return taken.length;
    },
    /** The store puts out every message it took: ReleaseMadeAvailableToConsumers. */
    goLive(madeAt?: Date) {
      return write(received, 'ReleaseMadeAvailableToConsumers', () => ({ fileStatus: 'FileOK' }), madeAt);
    },
    /** A file in the acknowledgements folder that is no acknowledgement. */
    writeGarbage(name = 'ACK_garbage.xml') {
      const folder = path.join(dropBox, 'acknowledgements');
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, name), '<html><body>Service Unavailable</body></html>', {
        mode: 0o644,
      });
    },
  };
}
