// The in-process backends known to this gateway, by name. Registered in code at start-up
// (modules call `register`); `custom` server records refer to them by name.
import { Injectable } from '@nestjs/common';
import type { InProcessBackend } from './in-process-backend';

@Injectable()
export class InProcessBackendRegistry {
  private readonly backends = new Map<string, InProcessBackend>();

  register(backend: InProcessBackend): void {
    if (this.backends.has(backend.name)) {
      throw new Error(`An in-process backend named "${backend.name}" is already registered`);
    }
    this.backends.set(backend.name, backend);
  }

  get(name: string): InProcessBackend | undefined {
    return this.backends.get(name);
  }
}
