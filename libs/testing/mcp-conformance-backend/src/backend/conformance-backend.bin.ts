// Runs the conformance backend as its own process: `node conformance-backend.bin.ts` with a Node
// that strips TypeScript types (22.18 or later). Listens on 127.0.0.1:$PORT (a free port when
// unset), prints `listening <port>` once it accepts connections, and stops on SIGTERM or SIGINT.
import { startConformanceHttpServer } from './conformance-http-server.ts';

const requestedPort = Number(process.env['PORT'] ?? '0');

startConformanceHttpServer(Number.isInteger(requestedPort) ? requestedPort : 0).then(
  (server) => {
    process.stdout.write(`listening ${server.port}\n`);
    const stop = () => {
      server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  },
  (error: unknown) => {
    process.stderr.write(`conformance backend failed to start: ${String(error)}\n`);
    process.exit(1);
  },
);
