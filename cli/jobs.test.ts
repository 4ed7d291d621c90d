import { describe, expect, it } from 'vitest';
import { BYTES_PER_FILE_BYTE, WORKER_BYTES, workerCount } from './jobs';

const GB = 1024 ** 3;
const MB = 1024 ** 2;

describe('workerCount', () => {
  it('runs at most one worker per core, however many are asked for', () => {
    expect(workerCount(1000, 200, 30 * MB, { cores: 2, availableBytes: 16 * GB })).toBe(2);
    expect(workerCount(1, 200, 30 * MB, { cores: 8, availableBytes: 16 * GB })).toBe(1);
  });

  it('runs no more workers than files', () => {
    expect(workerCount(8, 3, 30 * MB, { cores: 16, availableBytes: 16 * GB })).toBe(3);
  });

  it('runs as many workers as half the available memory holds, each with the largest file', () => {
    const perWorker = WORKER_BYTES + BYTES_PER_FILE_BYTE * 100 * MB;
    expect(workerCount(16, 16, 100 * MB, { cores: 16, availableBytes: 2 * 3.5 * perWorker })).toBe(3);
  });

  it('runs one worker, however little memory is left', () => {
    expect(workerCount(4, 4, 1 * GB, { cores: 4, availableBytes: 0 })).toBe(1);
  });
});
