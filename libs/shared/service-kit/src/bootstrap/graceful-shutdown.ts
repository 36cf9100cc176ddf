// Starts listening and returns the matching shutdown: stop accepting connections, let
// in-flight requests finish, cut whatever is still open after the grace period (streams
// such as SSE never finish on their own), and only then close the application, which
// closes the database. Nest's own close() would close the database first.
import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import type { BaseServiceConfig } from '../config/base-service-config';

export async function listenWithGracefulShutdown(
  app: INestApplication,
  config: Pick<BaseServiceConfig, 'PORT' | 'HOST' | 'SHUTDOWN_GRACE_MS'>,
): Promise<() => Promise<void>> {
  await app.listen(config.PORT, config.HOST);
  const server = app.getHttpServer() as Server;
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= (async () => {
      const deadline = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_GRACE_MS);
      deadline.unref();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      clearTimeout(deadline);
      await app.close();
    })();
    return closing;
  };
}
