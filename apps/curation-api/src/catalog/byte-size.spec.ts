// Sizes as a model reads them: binary units, one decimal, the largest unit at most PiB.
import { formatBytes } from './byte-size';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KiB'],
    [1536, '1.5 KiB'],
    [42 * 1024 ** 3, '42.0 GiB'],
    [3 * 1024 ** 6, '3072.0 PiB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
