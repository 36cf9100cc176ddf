// Process entry point of the Media Curation API: `node main.js` serves, `node main.js migrate` migrates.
import 'reflect-metadata';
import { runService } from '@platform/service-kit';
import { CURATION_SERVICE } from './curation-api.module';

void runService(CURATION_SERVICE);
