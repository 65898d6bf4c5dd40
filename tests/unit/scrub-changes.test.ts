/** What a new scrub says changed since the inspection's previous one (api-host/calibrations/scrub.ts changesSince). */
import { describe, expect, it } from 'vitest';
import { changesSince } from '../../api-host/calibrations/scrub';
import type { ScrubResult, ScrubbedLine } from '../../lib/contract/calibrations';

const line = (lineNum: number, description: string, systems: string[]): ScrubbedLine => ({
  lineNum,
  operation: 'Repl',
  operationRead: 'replace',
  section: '',
  description,
  read: [description.toLowerCase()],
  notes: [],
  triggers: systems.map((system, i) => ({ adasChecklistMatrix: i + 1, system, keyword: 'x', kind: 'part', words: 'x', why: '' })),
  checks: [],
  nothing: systems.length ? null : 'No part or sensor.',
  unread: null,
});

function result(lines: ScrubbedLine[]): ScrubResult {
  const systems = [...new Set(lines.flatMap((l) => l.triggers.map((t) => t.system)))];
  return {
    uniqueId: 'u',
    adas: 1,
    adasInspection: 1,
    source: 'paste',
    fileName: '',
    scrubbedAt: '2026-03-01T10:00:00Z',
    scrubbedBy: 5,
    scrubbedByName: 'Sam Shop',
    vehicle: { year: 2022, make: 'Honda', model: 'Odyssey', vin: '' },
    noScrub: null,
    calibrations: systems.map((system, i) => ({
      adasChecklistMatrix: i + 1,
      system,
      calibrationType: '',
      calibrationTypeId: null,
      calibrationMode: null,
      lines: lines
        .filter((l) => l.triggers.some((t) => t.system === system))
        .map((l) => ({ lineNum: l.lineNum, operation: l.operation, description: l.description, keyword: 'x', why: '' })),
      triggerNotice: null,
      url: '',
      price: null,
      priceSource: 'none',
    })),
    lines,
    untriggered: lines
      .filter((l) => l.nothing)
      .map((l) => ({ lineNum: l.lineNum, operation: l.operation, description: l.description, reason: l.nothing! })),
    unread: [],
    checks: [],
    changes: null,
  };
}

describe('what changed since the previous scrub', () => {
  it('the same lines read differently: the configuration changed', () => {
    const c = changesSince(
      result([line(1, 'FBC', []), line(2, 'Windshield', ['Forward Camera'])]),
      result([line(1, 'FBC', ['Front Radar']), line(2, 'Windshield', ['Forward Camera'])]),
    );
    expect(c).toMatchObject({
      since: '2026-03-01T10:00:00Z',
      sinceByName: 'Sam Shop',
      estimateChanged: false,
      added: [{ system: 'Front Radar', lines: [1] }],
      removed: [],
    });
    expect(c.lines).toEqual([{ lineNum: 1, description: 'FBC', before: 'nothing', after: 'Front Radar' }]);
    expect(c.summary).toBe(
      'Front Radar added; 1 line read differently. The estimate is the same: the change comes from the configuration (knowledge base or estimate terms) or the inspection’s systems.',
    );
  });

  it('other lines: the estimate changed; nothing at all: says so', () => {
    const c = changesSince(result([line(1, 'Windshield', ['Forward Camera'])]), result([line(1, 'Liftgate', ['Rear Camera'])]));
    expect(c).toMatchObject({
      estimateChanged: true,
      added: [{ system: 'Rear Camera' }],
      removed: [{ system: 'Forward Camera' }],
      lines: [],
    });
    expect(c.summary).toBe('Rear Camera added; Forward Camera no longer required. The estimate changed.');
    expect(changesSince(result([line(1, 'Hood', [])]), result([line(1, 'Hood', [])])).summary).toBe('Nothing changed.');
  });

  it('a scrub kept before line-by-line results does not claim the estimate changed', () => {
    const old = { ...result([line(1, 'Windshield', ['Forward Camera'])]), lines: [] };
    expect(changesSince(old, result([line(1, 'Windshield', ['Forward Camera'])])).summary).toBe(
      'The calibrations are the same. The previous scrub kept no line-by-line results, so whether the estimate changed is not known.',
    );
  });
});
