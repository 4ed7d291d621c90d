import { describe, expect, it } from 'vitest';
import { readProblem } from './batch';

describe('readProblem', () => {
  it('says permission denied, with the path, where Node says "The blob could not be read"', () => {
    const denied = Object.assign(new Error('EACCES: permission denied, access \'/data/a.csv\''), { code: 'EACCES' });
    expect((readProblem(denied, '/data/a.csv') as Error).message).toBe('permission denied: cannot read /data/a.csv');
    const blob = Object.assign(new Error('The blob could not be read'), { name: 'NotReadableError' });
    expect((readProblem(blob, 'a.csv') as Error).message).toBe('could not read a.csv (permission denied, or the file changed while it was read)');
  });

  it('passes any other problem through unchanged', () => {
    const other = new Error('row 4, column "Angle": "abc" is not a number');
    expect(readProblem(other, 'a.csv')).toBe(other);
  });
});
