import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { generateAppKey } from '@platform/appkey';
import { RecentLogBuffer } from './recent-log.buffer';
import { currentLogger, requestLogging } from './request-logging';
import { createServiceLogger } from './service-logger';

describe('RecentLogBuffer', () => {
  it('keeps the newest records up to its capacity, oldest first', () => {
    const buffer = new RecentLogBuffer(3);
    for (let index = 1; index <= 5; index += 1) {
      buffer.write(JSON.stringify({ level: 30, time: 0, msg: `line ${index}` }));
    }
    expect(buffer.recent().map((record) => record.message)).toEqual(['line 3', 'line 4', 'line 5']);
    expect(buffer.recent(2).map((record) => record.message)).toEqual(['line 4', 'line 5']);
    expect(buffer.recent(10, (record) => record.message.endsWith('4'))).toHaveLength(1);
    for (let index = 6; index <= 10; index += 1) {
      buffer.write(JSON.stringify({ level: 30, time: 0, msg: `line ${index}` }));
    }
    expect(buffer.recent().map((record) => record.message)).toEqual(['line 8', 'line 9', 'line 10']);
  });

  it('ignores lines that are not JSON objects', () => {
    const buffer = new RecentLogBuffer();
    buffer.write('not json');
    buffer.write('42');
    expect(buffer.recent()).toEqual([]);
  });

  describe('fed by the service logger', () => {
    let server: Server;
    let url: string;
    const buffer = new RecentLogBuffer();

    beforeAll(async () => {
      const stdout = new Writable({ write: (_chunk, _encoding, done) => done() });
      const root = createServiceLogger('buffer-spec', 'info', { recentLogs: buffer, stream: stdout });
      const logging = requestLogging(root);
      server = createServer((request: IncomingMessage, response: ServerResponse) => {
        logging(request, response, () => {
          currentLogger(root).error({ err: new Error(`backend said Bearer abc.def`) }, 'call failed');
          response.statusCode = 418;
          response.end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('holds request summaries without headers or credentials', async () => {
      const { key } = generateAppKey({ scopes: ['*'] });
      await fetch(`${url}/sse?app_key=${key}`, { headers: { Authorization: `Bearer ${key}` } });
      const records = buffer.recent();
      const completed = records.find((record) => record.message === 'request completed');
      expect(completed).toMatchObject({ level: 'info', method: 'GET', statusCode: 418 });
      expect(completed?.url).toContain('app_key=[REDACTED]');
      const failure = records.find((record) => record.message === 'call failed');
      expect(failure).toMatchObject({ level: 'error', error: 'backend said Bearer [REDACTED]' });
      const text = JSON.stringify(records);
      expect(text).not.toContain(key.slice(-64));
      expect(text).not.toContain('abc.def');
      expect(text).not.toContain('authorization');
    });
  });
});
