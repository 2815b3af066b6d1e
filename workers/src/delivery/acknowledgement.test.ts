import { describe, expect, it } from 'vitest';
import { deliveryStateOf, parseAcknowledgement } from './acknowledgement.ts';

const ack = (root: string, body: string) =>
  `<?xml version="1.0"?><ack:${root} xmlns:ack="http://ddex.net/xml/ern-c-sftp/18" AvsVersionId="4">
     <MessageHeader><MessageId>A1</MessageId><MessageCreatedDateTime>2026-12-06T10:00:00Z</MessageCreatedDateTime></MessageHeader>
     ${body}</ack:${root}>`;

describe("a store's acknowledgement", () => {
  it('reads each release status with its error, ManualCheckRequired and the messages it is about', () => {
    const parsed = parseAcknowledgement(
      ack(
        'AcknowledgementMessage',
        `<ReleaseStatus><ReleaseId><ICPN>0860000123456</ICPN></ReleaseId>
           <ReleaseStatus>ProcessingErrorAtReleaseDistributor</ReleaseStatus>
           <ErrorText>Cover &amp; audio: try again</ErrorText><ManualCheckRequired>FALSE</ManualCheckRequired>
           <Acknowledgement><MessageType>NewReleaseMessage</MessageType><MessageId>M1</MessageId>
             <MessageStatus><Status>ResourceCorrupt</Status></MessageStatus></Acknowledgement></ReleaseStatus>`,
      ),
    );
    expect(parsed).toEqual({
      messageId: 'A1',
      createdAt: new Date('2026-12-06T10:00:00Z'),
      releases: [
        {
          icpn: '0860000123456',
          status: 'ProcessingErrorAtReleaseDistributor',
          errorText: 'Cover & audio: try again',
          manualCheckRequired: false,
          messages: [{ messageId: 'M1', statuses: ['ResourceCorrupt'] }],
          storeUrl: null,
        },
      ],
    });
    expect(deliveryStateOf(parsed.releases[0]!)).toEqual({ status: 'error', redeliver: true });
  });

  it('takes the older FtpAcknowledgementMessage too, and maps the states', () => {
    const parsed = parseAcknowledgement(
      ack(
        'FtpAcknowledgementMessage',
        `<ReleaseStatus><ReleaseId><ICPN>1</ICPN></ReleaseId><ReleaseStatus>ReleaseMadeAvailableToConsumers</ReleaseStatus></ReleaseStatus>`,
      ),
    );
    expect(deliveryStateOf(parsed.releases[0]!)).toEqual({ status: 'live', redeliver: false });
    expect(
      deliveryStateOf({ ...parsed.releases[0]!, status: 'SuccessfullyIngestedByReleaseDistributor' }),
    ).toEqual({ status: 'ingested', redeliver: false });
  });

  it("reads the store's link from a ProprietaryId of the release's ReleaseId, a web address only", () => {
    const live = (ids: string) =>
      parseAcknowledgement(
        ack(
          'AcknowledgementMessage',
          `<ReleaseStatus><ReleaseId><ICPN>0860000123456</ICPN>${ids}</ReleaseId>
             <ReleaseStatus>ReleaseMadeAvailableToConsumers</ReleaseStatus></ReleaseStatus>`,
        ),
      ).releases[0]!.storeUrl;
    expect(
      live(
        `<ProprietaryId Namespace="DPID:PADPIDA2014101001U">album:981</ProprietaryId>
         <ProprietaryId Namespace="DPID:PADPIDA2014101001U"> https://store.example/album/981?from=ddex&amp;x=1 </ProprietaryId>`,
      ),
    ).toBe('https://store.example/album/981?from=ddex&x=1');
    expect(live('')).toBeNull();
    // Shown to the artist as a link: nothing but http(s).
    expect(live('<ProprietaryId Namespace="X">javascript:alert(1)</ProprietaryId>')).toBeNull();
    expect(live('<ProprietaryId Namespace="X">/album/981</ProprietaryId>')).toBeNull();
  });

  it('says why it cannot read a file that is not one', () => {
    expect(() => parseAcknowledgement('not xml <')).toThrow(/^It is not XML/);
    expect(() => parseAcknowledgement('<html/>')).toThrow(
      'It is not an AcknowledgementMessage (its root is html)',
    );
    expect(() =>
      parseAcknowledgement(ack('AcknowledgementMessage', '<ReleaseStatus><ReleaseId/></ReleaseStatus>')),
    ).toThrow('A ReleaseStatus has no status');
  });
});
