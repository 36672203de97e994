import { describe, expect, it } from 'vitest';
import { runnerOf } from './contract-labels.ts';

describe('runnerOf', () => {
  it('names the job, or the operator who ran the cycle', () => {
    expect(runnerOf({ runBy: 'job', operatorName: null })).toBe('The scheduled job');
    expect(runnerOf({ runBy: 'operator', operatorName: 'finance_ana' })).toBe('finance_ana');
    expect(runnerOf({ runBy: 'operator', operatorName: null })).toBe('An operator no longer on file');
  });
});
