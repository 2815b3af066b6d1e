import { describe, expect, it } from 'vitest';
import { isrcProblem, isValidIsrc, isValidUpc, normalizeIdentifier, upcProblem } from './identifiers.ts';

describe('the codes an artist brings', () => {
  it('are kept without hyphens and spaces, upper-cased', () => {
    expect(normalizeIdentifier(' qz-abc-26 00001 ')).toBe('QZABC2600001');
    expect(normalizeIdentifier('0 36000 29145 2')).toBe('036000291452');
  });

  it('an ISRC: the pattern CC-XXX-YY-NNNNN, said with the code as typed', () => {
    for (const fine of ['QZ-ABC-26-00001', 'qzabc2600001', 'GB XYZ 19 00042', 'US-1A2-34-00001'])
      expect(isrcProblem(fine), fine).toBeNull();
    expect(isrcProblem('QZ-ABC-2-00001')).toBe('ISRC QZ-ABC-2-00001 is not a valid ISRC (CC-XXX-YY-NNNNN)');
    expect(isrcProblem('1ZABC2600001')).toBe('ISRC 1ZABC2600001 is not a valid ISRC (CC-XXX-YY-NNNNN)');
    expect(isrcProblem('QZABC26000011')).toBe('ISRC QZABC26000011 is not a valid ISRC (CC-XXX-YY-NNNNN)');
    expect(isrcProblem(`QZ${'A'.repeat(100)}`)).toBe(
      `ISRC QZ${'A'.repeat(22)}… is not a valid ISRC (CC-XXX-YY-NNNNN)`,
    );
    expect(isrcProblem('QZABC26\u000000001')).toBe('ISRC contains characters that are not allowed');
    expect(isValidIsrc(normalizeIdentifier('qz-abc-26-00001'))).toBe(true);
  });

  it('a UPC: 12 or 13 digits, then the GS1 check digit', () => {
    for (const fine of ['036000291452', '0 36000 29145 2', '4006381333931', '5901234123457'])
      expect(upcProblem(fine), fine).toBeNull();
    expect(upcProblem('036000291453')).toBe('UPC 036000291453 has a wrong check digit');
    expect(upcProblem('4006381333932')).toBe('UPC 4006381333932 has a wrong check digit');
    expect(upcProblem('03600029145')).toBe('UPC 03600029145 is not a valid UPC (12 or 13 digits)');
    expect(upcProblem('UPC036000291452')).toBe('UPC UPC036000291452 is not a valid UPC (12 or 13 digits)');
    expect(isValidUpc(normalizeIdentifier('0 36000 29145 2'))).toBe(true);
  });
});
