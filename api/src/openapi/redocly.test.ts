import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '../routes/index.ts';
import { openApiDocument } from './document.ts';

const describeProblem = (p: NormalizedProblem) =>
  `${p.severity} ${p.ruleId}: ${p.message} (at ${p.location.map((l) => l.pointer ?? '#').join(', ')})`;

describe('the OpenAPI document, linted with redocly', () => {
  it("passes the 'recommended' ruleset without an error or a warning", async () => {
    // The real route table, as /api/openapi.json serves it (the document's own routes included).
    const document = openApiDocument(allRoutes());
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(document, null, 2),
      absoluteRef: 'openapi.json',
      config,
    });
    expect(problems.map(describeProblem)).toEqual([]);
  });
});
