import { describe, expect, it } from 'vitest';
import { readProblem } from './batch';

describe('readProblem', () => {
  it('says permission denied, with the path', () => {
    const denied = Object.assign(new Error('EACCES: permission denied, access \'/data/a.csv\''), { code: 'EACCES' });
    expect((readProblem(denied, '/data/a.csv') as Error).message).toBe('permission denied: cannot read /data/a.csv');
  });

  it('passes any other problem through unchanged', () => {
    const other = new Error('row 4, column "Angle": "abc" is not a number');
    expect(readProblem(other, 'a.csv')).toBe(other);
  });
});
