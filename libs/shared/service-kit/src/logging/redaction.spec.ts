import { generateAppKey } from '@platform/appkey';
import { REDACTED, scrubText, scrubUrl } from './redaction';

describe('scrubUrl', () => {
  it('replaces the values of credential query parameters and keeps the rest', () => {
    expect(scrubUrl('/sse?app_key=abc&x=1')).toBe(`/sse?app_key=${REDACTED}&x=1`);
    expect(scrubUrl('/sse?x=1&API_KEY=abc&key=def&token=t')).toBe(
      `/sse?x=1&API_KEY=${REDACTED}&key=${REDACTED}&token=${REDACTED}`,
    );
    expect(scrubUrl('/library?X-Plex-Token=abc')).toBe(`/library?X-Plex-Token=${REDACTED}`);
  });

  it('recognises encoded parameter names and leaves odd query text intact', () => {
    expect(scrubUrl('/sse?app%5Fkey=abc')).toBe(`/sse?app%5Fkey=${REDACTED}`);
    expect(scrubUrl('/sse?%E0%A4%A=1&flag')).toBe('/sse?%E0%A4%A=1&flag');
  });

  it('leaves URLs without credentials unchanged', () => {
    expect(scrubUrl('/api/appkeys/42')).toBe('/api/appkeys/42');
    expect(scrubUrl('/catalog?sortBy=size&limit=5')).toBe('/catalog?sortBy=size&limit=5');
  });

  it('removes AppKeys wherever they appear in the URL', () => {
    const { key } = generateAppKey({ scopes: ['*'] });
    expect(scrubUrl(`/x/${key}/y`)).not.toContain(key.slice(-64));
    expect(scrubUrl(`/x?q=${key}`)).not.toContain(key.slice(-64));
  });
});

describe('scrubText', () => {
  it('removes bearer and basic credentials', () => {
    expect(scrubText('Authorization: Bearer abc.def-ghi')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(scrubText('sent basic dXNlcjpwdw==, failed')).toBe(`sent basic ${REDACTED}, failed`);
  });

  it('removes AppKeys from free text', () => {
    const { key } = generateAppKey({ scopes: ['server:files'] });
    const scrubbed = scrubText(`key ${key} was rejected`);
    expect(scrubbed).not.toContain(key.slice(-64));
    expect(scrubbed).toMatch(/^key .+ was rejected$/);
  });
});
