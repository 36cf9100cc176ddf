// The binary payloads the conformance scenarios ask for (an image and an audio clip), built here
// from their file formats rather than pasted in: a 1×1 red PNG and a short silent 16-bit WAV.
import { crc32, deflateSync } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, checksum]);
}

/** A valid PNG of one red pixel (8-bit RGB), base64-encoded. */
export function redPixelPngBase64(): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: truecolour
  // compression, filter and interlace methods stay 0
  const scanline = Buffer.from([0, 0xff, 0x00, 0x00]); // filter byte "none", then R, G, B
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(scanline)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
}

/** A valid RIFF/WAVE file: 8 kHz mono 16-bit PCM, `samples` samples of silence, base64-encoded. */
export function silentWavBase64(samples = 8): string {
  const sampleRate = 8000;
  const bytesPerSample = 2;
  const dataSize = samples * bytesPerSample;
  const file = Buffer.alloc(44 + dataSize);
  file.write('RIFF', 0, 'ascii');
  file.writeUInt32LE(36 + dataSize, 4);
  file.write('WAVE', 8, 'ascii');
  file.write('fmt ', 12, 'ascii');
  file.writeUInt32LE(16, 16); // fmt chunk size
  file.writeUInt16LE(1, 20); // PCM
  file.writeUInt16LE(1, 22); // mono
  file.writeUInt32LE(sampleRate, 24);
  file.writeUInt32LE(sampleRate * bytesPerSample, 28); // byte rate
  file.writeUInt16LE(bytesPerSample, 32); // block align
  file.writeUInt16LE(8 * bytesPerSample, 34); // bits per sample
  file.write('data', 36, 'ascii');
  file.writeUInt32LE(dataSize, 40);
  return file.toString('base64');
}
