// Checks, before `npm start` starts anything, that each service's port is a valid number, used by
// no other selected service, and free: bound by nothing on the address the service will bind
// (HOST, loopback by default) nor, for loopback, on the IPv6 loopback that `localhost` in the
// printed addresses may reach first. A busy port is an error naming the port and the variable
// that moves it, instead of a "ready" answered by some other process.
import { createServer } from 'node:net';
import { portOf } from './services.mjs';

/** Problems as sentences; empty when every port can be used. */
export async function portProblems(services, environment) {
  const problems = [];
  const taken = new Map();
  const host = environment.HOST || '127.0.0.1';
  for (const service of services) {
    const port = portOf(service, environment);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      problems.push(`${service.portVariable} must be a port number (1-65535) for ${service.name}`);
      continue;
    }
    const other = taken.get(port);
    if (other !== undefined) {
      problems.push(
        `${service.name} and ${other.name} would both use port ${port}: set ${service.portVariable} or ${other.portVariable} to another port`,
      );
      continue;
    }
    taken.set(port, service);
    const refusal = await bindRefusal(port, host);
    if (refusal === undefined) continue;
    const move = `choose another port, e.g. ${service.portVariable}=${suggestion(port)} npm start`;
    problems.push(
      refusal.code === 'EACCES'
        ? `port ${port} for ${service.name} needs privileges this user lacks: ${move}`
        : `port ${port} for ${service.name} is already in use by another process (on ${refusal.address}): stop it, or ${move}`,
    );
  }
  return problems;
}

async function bindRefusal(port, host) {
  const addresses = isLoopback(host) ? ['127.0.0.1', '::1'] : [host];
  for (const address of addresses) {
    const code = await bindError(port, address);
    if (code === 'EADDRINUSE' || code === 'EACCES') return { address, code };
  }
  return undefined;
}

function isLoopback(host) {
  return host === '127.0.0.1' || host === 'localhost' || host === '::1';
}

/** The error code of binding there, undefined when it binds (other codes, e.g. no IPv6, are not ours to judge). */
function bindError(port, address) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error) => resolve(error.code));
    probe.listen({ port, host: address, exclusive: true }, () => probe.close(() => resolve(undefined)));
  });
}

function suggestion(port) {
  return port + 10000 <= 65535 ? port + 10000 : port - 1000;
}
