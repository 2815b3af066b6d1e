/**
 * Validates XML against the DDEX ERN 4.3 schema with xmllint (Debian's libxml2-utils; `infra/test-tools.sh`
 * installs it where it may). The schema is not copied into the project: it is read from ../shared/ddex/
 * beside the repository. Outside CI a missing xmllint skips the suites that need it (`xmllintMissing`); in
 * CI (`CI=true`) they run and fail.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../../db/src/config.ts';
import { uniqueName } from './database.ts';

export const ERN_SCHEMA = path.resolve(repoRoot, '../shared/ddex/release-notification.xsd');

const XMLLINT = process.env.XMLLINT_PATH || 'xmllint';
const found = spawnSync(XMLLINT, ['--version'], { encoding: 'utf8' });
const ci = process.env.CI === 'true' || process.env.CI === '1';

/** True when these suites should be skipped: no xmllint here, and not in CI (where that is a failure). */
export const xmllintMissing = found.status !== 0 && !ci;
if (xmllintMissing) {
  console.warn(
    'WARNING: xmllint is not installed (apt-get install libxml2-utils): the ERN schema checks are skipped',
  );
}

export interface SchemaCheck {
  valid: boolean;
  /** What xmllint said (a line per file, and any errors). */
  output: string;
}

/** Validates every document (XML text) against the ERN schema in one xmllint run. */
export function validateErn(documents: string[]): SchemaCheck {
  if (found.status !== 0) {
    throw new Error(
      `xmllint is not installed (${XMLLINT}): apt-get install libxml2-utils, or infra/test-tools.sh`,
    );
  }
  if (!fs.existsSync(ERN_SCHEMA)) throw new Error(`the DDEX ERN 4.3 schema is not at ${ERN_SCHEMA}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), uniqueName('ern')));
  try {
    const files = documents.map((xml, i) => {
      const file = path.join(dir, `${String(i + 1).padStart(4, '0')}.xml`);
      fs.writeFileSync(file, xml);
      return file;
    });
    const run = spawnSync(XMLLINT, ['--noout', '--nonet', '--schema', ERN_SCHEMA, ...files], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return { valid: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
