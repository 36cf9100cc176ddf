// Process entry point of the Terminal Bridge: `node main.js` serves, `node main.js migrate` migrates.
import 'reflect-metadata';
import { runService } from '@platform/service-kit';
import { BRIDGE_SERVICE } from './term-bridge.module';

void runService(BRIDGE_SERVICE);
