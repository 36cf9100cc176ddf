// Starts listening and returns the matching shutdown: stop accepting connections, end the event
// streams that never end by themselves (so Ctrl-C with a client attached is not held up by it),
// give in-flight requests SHUTDOWN_GRACE_MS to finish and cut whatever is still open then, and only
// after that close the application, which closes the database (Nest's own close() would close the
// database first). Each step is one log line.
import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';
import type { BaseServiceConfig } from '../config/base-service-config';
import { RequestDrain } from './request-drain';
import { SERVICE_LOGGER } from './service-descriptor';

export async function listenWithGracefulShutdown(
  app: INestApplication,
  config: Pick<BaseServiceConfig, 'PORT' | 'HOST' | 'SHUTDOWN_GRACE_MS'>,
): Promise<() => Promise<void>> {
  await app.listen(config.PORT, config.HOST);
  const server = app.getHttpServer() as Server;
  // Registered after listen(): the gateway's MCP front door takes over the server's only request
  // listener when the application starts, and this one only watches.
  const drain = new RequestDrain(server);
  const logger = app.get<Logger>(SERVICE_LOGGER).child({ context: 'Shutdown' });
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= (async () => {
      const startedAt = Date.now();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      logger.info('stopped accepting connections');
      const { streams, inFlight } = drain.start();
      logger.info({ streams }, `closed ${streams} event stream(s)`);
      logger.info(
        { inFlight, graceMs: config.SHUTDOWN_GRACE_MS },
        `waiting for ${inFlight} in-flight request(s), at most ${config.SHUTDOWN_GRACE_MS} ms`,
      );
      const deadline = setTimeout(() => {
        logger.warn(
          { inFlight: drain.inFlight },
          `grace period over: cutting ${drain.inFlight} unfinished request(s)`,
        );
        server.closeAllConnections();
      }, config.SHUTDOWN_GRACE_MS);
      deadline.unref();
      await closed;
      clearTimeout(deadline);
      await app.close();
      logger.info('closed the application and its database');
      logger.info({ durationMs: Date.now() - startedAt }, `stopped in ${Date.now() - startedAt} ms`);
    })();
    return closing;
  };
}
