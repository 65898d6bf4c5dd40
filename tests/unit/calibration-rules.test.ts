/** The calibration rules (issue 14): keyword matching, quote totals and the price check, JSON-text-or-list. */
import { describe, expect, it } from 'vitest';
import { containsWords, matchLines, singular, triggeredBy, words, type MatchSystem } from '../../lib/calibrations/match';
import { checkQuote, jsonList } from '../../lib/calibrations/rules';
import { listOrJson, requestFile } from '../../lib/contract/calibration';

const camera: MatchSystem = {
  adasChecklistMatrix: 1,
  system: 'Forward Camera',
  isRR: true,
  isRI: false,
  keywords: { line: ['windshield', 'w/shield', 'camera bracket'], location: ['Windshield'], sublet: ['windshield replacement'] },
  exceptKeywords: [],
};
const radar: MatchSystem = { adasChecklistMatrix: 2, system: 'Front Radar', isRR: true, isRI: true, keywords: { line: ['emblem', 'bumper cover'], location: [], sublet: [] }, exceptKeywords: [] };
const triggered = (steps: ReturnType<typeof matchLines>) => [...triggeredBy(steps).keys()];

describe('keyword matching', () => {
  it('ignores case, punctuation and plural forms', () => {
    expect(words('W/Shield  GLASS')).toEqual(['w', 'shield', 'glass']);
    expect(singular('assemblies')).toBe('assembly');
    expect(singular('glasses')).toBe('glass');
    expect(singular('sensors')).toBe('sensor');
    expect(singular('bus')).toBe('bus');
    for (const d of ['WINDSHIELD glass', 'windshields', 'Repl. w-shield', 'Camera-Brackets (2)'])
      expect(triggered(matchLines([{ lineNum: 1, operation: 'Repl', description: d }], [camera])), d).toEqual([1]);
  });

  it('matches whole consecutive words only', () => {
    expect(containsWords(words('front emblem w/ radar cover'), words('emblem'))).toBe(true);
    expect(containsWords(words('emblems bracket'), words('emblem'))).toBe(true);
    expect(containsWords(words('assemblem'), words('emblem'))).toBe(false);
    expect(containsWords(words('cover bumper'), words('bumper cover'))).toBe(false);
  });

  it('sublets match sublet keywords; replace and R&I follow the R&R and R&I flags; the section must be a location', () => {
    expect(triggered(matchLines([{ lineNum: 1, operation: 'Subl', description: 'Windshield replacement' }], [camera]))).toEqual([1]);
    expect(triggered(matchLines([{ lineNum: 1, operation: 'Subl', description: 'Windshield' }], [camera]))).toEqual([]);
    const ri = matchLines([{ lineNum: 1, operation: 'R&I', description: 'Windshield' }], [camera]);
    expect(ri[0].outcome).toBe('operation');
    expect(triggered(matchLines([{ lineNum: 1, operation: 'R&I', description: 'Front bumper cover' }], [radar]))).toEqual([2]);
    const wrongSection = matchLines([{ lineNum: 1, operation: 'Repl', description: 'Windshield molding', section: 'Roof' }], [camera]);
    expect(wrongSection[0].outcome).toBe('location');
  });

  it('make exceptions, exclusions and lines marked not equipped trigger nothing', () => {
    const excepted = matchLines([{ lineNum: 1, operation: 'Repl', description: 'Front emblems' }], [{ ...radar, exceptKeywords: ['Emblem'] }]);
    expect(excepted.map((s) => s.outcome)).toEqual(['exception']);
    const excluded = matchLines([{ lineNum: 1, operation: 'Repl', description: 'Bumper cover clip' }], [radar], [{ adasChecklistMatrix: null, phrase: 'clips' }]);
    expect(excluded.map((s) => s.outcome)).toEqual(['exclusion']);
    expect(triggered(matchLines([{ lineNum: 1, operation: 'Repl', description: 'Bumper cover clip' }], [radar], [{ adasChecklistMatrix: 1, phrase: 'clip' }]))).toEqual([2]);
    expect(matchLines([{ lineNum: 1, operation: 'Repl', description: 'Windshield', isNotEquipped: true }], [camera])[0].outcome).toBe('not-equipped');
  });
});

describe('quote totals and the price check', () => {
  const required = [
    { adasChecklistMatrix: 1, system: 'Forward Camera', calibrationType: 'Forward camera – static' },
    { adasChecklistMatrix: 2, system: 'Front Radar', calibrationType: 'Front radar – static' },
  ];
  it('sums in cents and counts unpriced lines', () => {
    const q = checkQuote(
      [
        { adasChecklistMatrix: 1, calibrationType: 'Forward camera – static', price: 0.1 },
        { adasChecklistMatrix: 2, calibrationType: 'Front radar – static', price: 0.2 },
        { adasChecklistMatrix: 3, calibrationType: 'x', price: null },
      ],
      new Map(),
      required,
    );
    expect(q.total).toBe(0.3);
    expect(q.unpriced).toBe(1);
    expect(q.flagged).toBe(false);
  });
  it('flags a line under the agreed price (type names ignoring case) and a missing required calibration', () => {
    const q = checkQuote([{ adasChecklistMatrix: 1, calibrationType: 'FORWARD CAMERA – STATIC', price: 349.99 }], new Map([['forward camera – static', 350]]), required);
    expect(q.lines[0]).toMatchObject({ agreedPrice: 350, underAgreed: true });
    expect(q.missing.map((m) => m.system)).toEqual(['Front Radar']);
    expect(checkQuote([{ adasChecklistMatrix: 1, calibrationType: 'Forward camera – static', price: 350 }], new Map([['forward camera – static', 350]]), required.slice(0, 1)).flagged).toBe(false);
  });
});

describe('JSON text or list', () => {
  it('reads lists, JSON text of lists, empty text and null; refuses other text', () => {
    expect(jsonList([1])).toEqual([1]);
    expect(jsonList('[{"a":1}]')).toEqual([{ a: 1 }]);
    expect(jsonList('  ')).toEqual([]);
    expect(jsonList(null)).toEqual([]);
    expect(jsonList('{"a":1}')).toBeNull();
    expect(jsonList('[oops')).toBeNull();
    const files = listOrJson(requestFile);
    expect(files.parse('[{"name":"a.pdf","url":"u"}]')).toEqual([{ name: 'a.pdf', url: 'u' }]);
    expect(files.parse([{ name: 'a.pdf', url: 'u' }])).toEqual([{ name: 'a.pdf', url: 'u' }]);
    expect(files.safeParse('not json').success).toBe(false);
  });
});
