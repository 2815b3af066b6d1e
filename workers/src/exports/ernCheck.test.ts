import { describe, expect, it } from 'vitest';
import { ERN_SCHEMA, validateErn, xmllintMissing } from '#test/support/xmllint.ts';
import { ernChecker, ExportRefused } from './ernCheck.ts';

const RELEASE = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const xmllintPath = process.env.XMLLINT_PATH || 'xmllint';

/** A message that parses but is no NewReleaseMessage the schema accepts (no header, no lists). */
const notAnErn = `<?xml version="1.0" encoding="UTF-8"?>
<ern:NewReleaseMessage xmlns:ern="http://ddex.net/xml/ern/43" AvsVersionId="3" LanguageAndScriptCode="en">
  <Nonsense>x</Nonsense>
</ern:NewReleaseMessage>`;

/** What the export built before its texts were escaped: a title holding `&e;`, an undefined entity. */
const undefinedEntity = notAnErn.replace('<Nonsense>x</Nonsense>', '<Title>a &amp; b &e;</Title>');

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExportRefused);
  return (error as Error).message;
};

describe('the ERN check', () => {
  it('refuses a message that is not well-formed XML, naming the release, even without xmllint', async () => {
    const checker = ernChecker({ schemaPath: ERN_SCHEMA, xmllintPath: '/nonexistent/xmllint' });
    expect(await checker.mode()).toBe('well-formed');
    expect(
      await refusal(
        checker.check([
          { releaseId: 'other', title: 'Fine', xml: '<a/>' },
          { releaseId: RELEASE, title: 'a & b', xml: undefinedEntity },
        ]),
      ),
    ).toBe(`The ERN message of release "a & b" (${RELEASE}) is not well-formed XML: 3:22: undefined entity.`);
    // Without xmllint, well-formed is all it can tell.
    await expect(checker.check([{ releaseId: RELEASE, title: 't', xml: notAnErn }])).resolves.toBeUndefined();
    await expect(checker.check([])).resolves.toBeUndefined();
  });

  it('checks well-formedness only when the schema is not where it is looked for', async () => {
    const checker = ernChecker({ schemaPath: '/nonexistent/release-notification.xsd', xmllintPath });
    expect(await checker.mode()).toBe('well-formed');
  });

  it.skipIf(xmllintMissing)(
    'with xmllint and the schema, refuses a well-formed message the schema does not accept, naming the release and the line',
    async () => {
      expect(validateErn([notAnErn]).valid).toBe(false);
      const checker = ernChecker({ schemaPath: ERN_SCHEMA, xmllintPath });
      expect(await checker.mode()).toBe('schema');
      const message = await refusal(checker.check([{ releaseId: RELEASE, title: 'Night', xml: notAnErn }]));
      expect(message).toMatch(
        new RegExp(
          `^The ERN message of release "Night" \\(${RELEASE}\\) is not valid against the DDEX ERN 4\\.3 schema: line 3: element Nonsense: Schemas validity error`,
        ),
      );
      expect(message).not.toContain('riffline-ern-');
    },
  );
});
