import { Writable } from 'node:stream';
import { NestLogger } from './nest-logger';
import { createServiceLogger } from './service-logger';

function capture(level: 'info' | 'debug' = 'info'): { nest: NestLogger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { nest: new NestLogger(createServiceLogger('nest-spec', level, { stream })), lines };
}

describe('NestLogger', () => {
  it('writes the context Nest passes last, at the matching level', () => {
    const { nest, lines } = capture();
    nest.log('listening', 'Bootstrap');
    nest.warn('slow');
    nest.debug('hidden at info', 'Bootstrap');
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: 'listening', context: 'Bootstrap', service: 'nest-spec' }),
      expect.objectContaining({ level: 40, msg: 'slow' }),
    ]);
    expect(lines[1]).not.toHaveProperty('context');
  });

  it("keeps the stack Nest's exception handlers pass as a string, scrubbed", () => {
    const { nest, lines } = capture();
    const failure = new Error('token Bearer abc.def rejected');
    nest.error(failure.message, failure.stack, 'ExceptionsHandler');
    expect(lines[0]).toMatchObject({
      level: 50,
      context: 'ExceptionsHandler',
      msg: 'token Bearer [REDACTED] rejected',
      err: { type: 'Error', message: 'token Bearer [REDACTED] rejected' },
    });
    expect(String((lines[0]?.['err'] as { stack: string }).stack)).toContain('nest-logger.spec');
    expect(JSON.stringify(lines)).not.toContain('abc.def');
  });

  it('logs Error objects under err and plain objects as fields, keeping extra arguments', () => {
    const { nest, lines } = capture();
    nest.error(new TypeError('bad'), 'Worker');
    nest.log({ backend: 'ev', password: 'hunter2' }, 'Registry');
    nest.log('counted', 3, 'Registry');
    nest.error('listen failed', undefined, 'NestApplication');
    expect(lines[0]).toMatchObject({ msg: 'bad', context: 'Worker', err: { type: 'TypeError' } });
    expect(lines[1]).toMatchObject({ backend: 'ev', password: '[REDACTED]', context: 'Registry' });
    expect(lines[2]).toMatchObject({ msg: 'counted', details: [3], context: 'Registry' });
    expect(lines[3]).toMatchObject({ msg: 'listen failed', context: 'NestApplication' });
    expect(lines[3]).not.toHaveProperty('details');
  });

  it("writes Nest's start-up narration (modules, routes, starting, started) at debug, its problems as they are", () => {
    const info = capture();
    info.nest.log('AccessModule dependencies initialized', 'InstanceLoader');
    info.nest.log('Mapped {/mcp, POST} route', 'RouterExplorer');
    info.nest.log('McpController {/}:', 'RoutesResolver');
    info.nest.log('Starting Nest application...', 'NestFactory');
    info.nest.log('Nest application successfully started', 'NestApplication');
    info.nest.log('Applied migrations: CreateAccessTables1795300000000', 'Database');
    info.nest.warn('Duplicate route', 'RouterExplorer');
    expect(info.lines.map((line) => line['msg'])).toEqual([
      'Applied migrations: CreateAccessTables1795300000000',
      'Duplicate route',
    ]);
    const debug = capture('debug');
    debug.nest.log('Mapped {/mcp, POST} route', 'RouterExplorer');
    expect(debug.lines).toEqual([expect.objectContaining({ level: 20, context: 'RouterExplorer' })]);
  });
});
