export { type InProcessBackend, type InProcessServer, openInProcessBackend } from './in-process-backend';
export { InProcessBackendRegistry } from './in-process-backend.registry';
